'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import { useEffect, useMemo, useState } from 'react';
import { MiB, compareNames, formatCount, formatMemory, formatPercent, rowKey } from '@/lib/domain';
import type { WorkloadSummary } from '@/lib/views/workloads-types';
import { fetchJson, queryKeys } from '@/lib/client/query';
import { clusterHref, workloadsApi, workloadHref } from '@/lib/routes';
import { NamespaceSelect } from '@/components/ui/NamespaceSelect';
import { usePreviewStream } from '@/components/preview/usePreviewStream';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { Tag } from '@/components/ui/Tag';
import { RowConfidenceLine } from '@/components/confidence/ConfidenceTags';
import { useKeptConfidence } from '@/components/confidence/useKeptConfidence';
import {
  WORKLOADS_SHOWN,
  WORKLOAD_SORTS,
  visibleWorkloads,
  workloadListHref,
  type WorkloadListFilter,
  type WorkloadSort,
} from './workload-sorts';
import { useClusterName } from '@/components/shell/ClusterName';

const SORT_LABEL: Record<WorkloadSort, string> = {
  name: 'Workload',
  change: 'Row today → p90 now',
  pods: 'Pods',
  stale: 'Stale pods',
  drifted: 'Drifted pods',
  oomKills: 'OOM kills',
  evictions: 'Evictions',
};

/**
 * The table's workloads with their rows against the p90 the snapshot would write now (computed in the browser's
 * background from the preview stream), their pods, and how many are stale or drifted; searchable and sortable, both
 * in the URL. Only the first few hundred are in the page (at production size there are thousands): the search or
 * "Show more" reaches the rest.
 */
export function WorkloadList({ first, matching, initial }: { first: WorkloadSummary[]; matching: number; initial: WorkloadListFilter }) {
  const cluster = useClusterName();
  const every = useQuery({
    queryKey: queryKeys.workloads.all(cluster),
    queryFn: ({ signal }) => fetchJson<WorkloadSummary[]>(workloadsApi(cluster), signal),
    staleTime: 60_000,
  });
  // Until every workload is here, the list works on the first window the server sent.
  const workloads = every.data ?? first;
  const [search, setSearch] = useState(initial.search);
  const [sort, setSort] = useState(initial.sort);
  const [namespace, setNamespace] = useState(initial.namespace ?? '');
  const [shown, setShown] = useState(WORKLOADS_SHOWN);
  const { state } = usePreviewStream();
  const p90 = state.phase === 'done' ? state.preview.rows : null;
  // read again once this page's preview has kept its figures
  const kept = useKeptConfidence(state.phase === 'done' ? state.preview.computedAt : null);
  // replaceState, not the router: a new order is no new page to render on the server, nor a history entry.
  useEffect(
    () => window.history.replaceState(null, '', clusterHref(cluster, workloadListHref({ search, sort, namespace }))),
    [cluster, search, sort, namespace],
  );
  const sorted = useMemo(() => {
    const change = (w: WorkloadSummary) =>
      Math.max(0, ...w.rows.map((r) => Math.abs(changeOf(r.bytes, p90?.[rowKey(w.namespace, w.workload, r.container)]) ?? 0)));
    return visibleWorkloads([...workloads], { search, sort, namespace }, change);
  }, [workloads, search, sort, namespace, p90]);
  // the chosen one stays a choice while only the first window is here
  const namespaces = useMemo(
    () => [...new Set([...workloads.map((w) => w.namespace), ...(namespace ? [namespace] : [])])].sort(compareNames),
    [workloads, namespace],
  );
  const whole = every.data ? sorted.length : matching;
  return (
    <>
      <p className="text-zinc-600" data-testid="p90-state">
        {state.phase === 'running' && 'Computing the p90 the snapshot would write now (28 days from Prometheus)…'}
        {state.phase === 'done' && `p90 now: computed from ${formatCount(state.preview.samples)} samples, as the snapshot job would.`}
        {state.phase === 'failed' && `No p90 now: ${state.problem.title}. ${state.problem.message}`}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm">
          Namespace
          <NamespaceSelect
            namespaces={namespaces}
            value={namespace}
            onChange={(e) => {
              setNamespace(e.target.value);
              setShown(WORKLOADS_SHOWN);
            }}
            data-testid="workload-namespace"
          />
        </label>
        <label className="flex max-w-sm flex-col text-sm">
          Search workload
          <input
            className="rounded border px-2 py-1 font-mono"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setShown(WORKLOADS_SHOWN);
            }}
            placeholder="shop web"
            data-testid="workload-search"
          />
        </label>
      </div>
      <Table data-testid="workloads">
        <thead>
          <HeadRow>
            {WORKLOAD_SORTS.map((s) => (
              <Th
                key={s}
                aria-sort={s === sort ? (s === 'name' ? 'ascending' : 'descending') : undefined}
                className={s === 'name' || s === 'change' ? '' : 'text-right'}
              >
                <button type="button" onClick={() => setSort(s)} className="font-semibold hover:underline" data-testid={`sort-${s}`}>
                  {SORT_LABEL[s]}
                  {s === sort ? (s === 'name' ? ' ▲' : ' ▼') : ''}
                </button>
              </Th>
            ))}
          </HeadRow>
        </thead>
        <tbody>
          {sorted.slice(0, shown).map((w) => (
            <Row key={`${w.namespace}/${w.workload}`} data-testid="workload" data-workload={`${w.namespace}/${w.workload}`}>
              <Td className="font-mono">
                <Link href={workloadHref(cluster, w.namespace, w.workload)}>
                  {w.namespace}/{w.workload}
                </Link>
              </Td>
              <Td>
                {w.rows.length === 0 && (
                  <span className="text-zinc-600" data-testid="no-row">
                    (no row)
                  </span>
                )}
                {w.rows.map((r) => (
                  <div key={r.container}>
                    <RowAgainstP90
                      container={r.container}
                      bytes={r.bytes}
                      p90={p90 ? (p90[rowKey(w.namespace, w.workload, r.container)] ?? null) : undefined}
                    />
                    <RowConfidenceLine
                      confidence={kept.state === 'read' ? kept.of(rowKey(w.namespace, w.workload, r.container)) : undefined}
                    />
                  </div>
                ))}
              </Td>
              <Td className="text-right">{formatCount(w.pods)}</Td>
              <Td className="text-right">{w.stale > 0 ? <Tag tone="warn">{w.stale}</Tag> : 0}</Td>
              <Td className="text-right">{w.drifted > 0 ? <Tag tone="warn">{w.drifted}</Tag> : 0}</Td>
              <EndCount n={w.oomKills} what="oom-kills" />
              <EndCount n={w.evictions} what="evictions" />
            </Row>
          ))}
        </tbody>
      </Table>
      <p className="text-zinc-600" data-testid="workloads-shown">
        {!every.data &&
        (search !== initial.search || sort !== initial.sort || namespace !== (initial.namespace ?? '') || shown > first.length)
          ? every.isError
            ? `Could not read every workload (${every.error.message}): this is the first ${formatCount(first.length)} only.`
            : 'Reading every workload…'
          : sorted.length === 0
            ? 'No workload matches the search.'
            : `Showing ${formatCount(Math.min(shown, sorted.length))} of ${formatCount(whole)}${search.trim() || namespace ? ' matching the search' : ''}.`}{' '}
        {whole > shown && (
          <button type="button" className="underline" onClick={() => setShown((n) => n + WORKLOADS_SHOWN)} data-testid="show-more">
            Show {formatCount(Math.min(WORKLOADS_SHOWN, whole - shown))} more
          </button>
        )}
      </p>
    </>
  );
}

/** A count of OOM kills or evictions: red when any, a dash when the history store could not be read. */
function EndCount({ n, what }: { n: number | null; what: string }) {
  return (
    <Td className="text-right" data-testid={what} data-count={n ?? ''}>
      {n === null ? <span title="the history store could not be read">–</span> : n > 0 ? <Tag tone="bad">{n}</Tag> : 0}
    </Td>
  );
}

/**
 * "api 900Mi → 939Mi (+4.3%)"; undefined p90 while it computes, null when the next table has no row: the next run
 * drops it, and the container's next pod keeps the request it arrives with.
 */
function RowAgainstP90({ container, bytes, p90 }: { container: string; bytes: number; p90: string | null | undefined }) {
  const percent = changeOf(bytes, p90);
  return (
    <div className="font-mono" data-testid="row-vs-p90" data-container={container}>
      {container} {formatMemory(bytes)}
      {p90 === null && (
        <span className="font-semibold text-amber-800" data-testid="dropped">
          {' '}
          → gone at the next run
        </span>
      )}
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
