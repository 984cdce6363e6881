'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { MiB, formatCount, formatMemory, formatPercent } from '@/lib/domain';
import type { WorkloadSummary } from '@/lib/views/workloads-types';
import { workloadHref } from '@/lib/routes';
import { usePreviewStream } from './preview/usePreviewStream';
import { HeadRow, Row, Table, Td, Th } from './ui/Table';
import { Tag } from './ui/Tag';
import { WORKLOAD_SORTS, type WorkloadSort } from './workload-sorts';

const SORT_LABEL: Record<WorkloadSort, string> = {
  name: 'Workload',
  change: 'Row today → p90 now',
  pods: 'Pods',
  stale: 'Stale pods',
  drifted: 'Drifted pods',
};

/**
 * The table's workloads with their rows against the p90 the snapshot would write now (computed in the browser's
 * background from the preview stream), their pods, and how many are stale or drifted; sortable, the sort in the URL.
 */
export function WorkloadList({ workloads, initialSort }: { workloads: WorkloadSummary[]; initialSort: WorkloadSort }) {
  const [sort, setSort] = useState(initialSort);
  const router = useRouter();
  const { state } = usePreviewStream();
  const p90 = state.phase === 'done' ? state.preview.rows : null;
  const change = (w: WorkloadSummary) => Math.max(...w.rows.map((r) => Math.abs(changeOf(r.bytes, p90?.[r.key]) ?? 0)));
  const sorted = [...workloads].sort((a, b) => {
    const name = `${a.namespace}/${a.workload}`.localeCompare(`${b.namespace}/${b.workload}`);
    if (sort === 'name') return name;
    const key = sort === 'change' ? change : (w: WorkloadSummary) => w[sort];
    return key(b) - key(a) || name;
  });
  function sortBy(next: WorkloadSort) {
    setSort(next);
    router.replace(next === 'name' ? '/workloads' : `/workloads?sort=${next}`, { scroll: false });
  }
  return (
    <>
      <p className="text-zinc-600" data-testid="p90-state">
        {state.phase === 'running' && 'Computing the p90 the snapshot would write now (28 days from Prometheus)…'}
        {state.phase === 'done' && `p90 now: computed from ${formatCount(state.preview.samples)} samples, as the snapshot job would.`}
        {state.phase === 'failed' && `No p90 now: ${state.problem.title}. ${state.problem.message}`}
      </p>
      <Table data-testid="workloads">
        <thead>
          <HeadRow>
            {WORKLOAD_SORTS.map((s) => (
              <Th
                key={s}
                aria-sort={s === sort ? (s === 'name' ? 'ascending' : 'descending') : undefined}
                className={s === 'name' || s === 'change' ? '' : 'text-right'}
              >
                <button type="button" onClick={() => sortBy(s)} className="font-semibold hover:underline" data-testid={`sort-${s}`}>
                  {SORT_LABEL[s]}
                  {s === sort ? (s === 'name' ? ' ▲' : ' ▼') : ''}
                </button>
              </Th>
            ))}
          </HeadRow>
        </thead>
        <tbody>
          {sorted.map((w) => (
            <Row key={`${w.namespace}/${w.workload}`} data-testid="workload" data-workload={`${w.namespace}/${w.workload}`}>
              <Td className="font-mono">
                <Link href={workloadHref(w.namespace, w.workload)}>
                  {w.namespace}/{w.workload}
                </Link>
              </Td>
              <Td>
                {w.rows.map((r) => (
                  <RowAgainstP90 key={r.key} container={r.container} bytes={r.bytes} p90={p90 ? (p90[r.key] ?? null) : undefined} />
                ))}
              </Td>
              <Td className="text-right">{formatCount(w.pods)}</Td>
              <Td className="text-right">{w.stale > 0 ? <Tag tone="warn">{w.stale}</Tag> : 0}</Td>
              <Td className="text-right">{w.drifted > 0 ? <Tag tone="warn">{w.drifted}</Tag> : 0}</Td>
            </Row>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/** "api 900Mi → 939Mi (+4.3%)"; undefined p90 while it computes, null when the snapshot would write no row. */
function RowAgainstP90({ container, bytes, p90 }: { container: string; bytes: number; p90: string | null | undefined }) {
  const percent = changeOf(bytes, p90);
  return (
    <div className="font-mono" data-testid="row-vs-p90" data-container={container}>
      {container} {formatMemory(bytes)}
      {p90 === null && <span className="text-zinc-600"> → no row</span>}
      {p90 && (
        <>
          {' → '}
          {formatMemory(miOf(p90) * MiB)}{' '}
          <span className={percent !== null && Math.abs(percent) >= 10 ? 'font-semibold text-amber-800' : 'text-zinc-600'}>
            ({formatPercent(percent! / 100, true)})
          </span>
        </>
      )}
    </div>
  );
}

function changeOf(bytes: number, p90: string | null | undefined): number | null {
  if (!p90) return null;
  return ((miOf(p90) * MiB - bytes) / bytes) * 100;
}

/** The preview's row value, always the job's whole-MiB form ("939Mi"). */
const miOf = (row: string) => Number(row.replace(/Mi$/, ''));
