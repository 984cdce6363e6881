import { countOf } from '@/lib/domain';
import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { ErrorState } from '@/components/ui/ErrorState';
import { WorkloadList } from '@/components/workloads/WorkloadList';
import { firstWindow, workloadFilterOf, type WorkloadListFilter } from '@/components/workloads/workload-sorts';
import type { Cluster } from '@/lib/cluster/cluster';
import { clusterOfPage } from '@/lib/http/cluster';
import { rightsOfPage } from '@/lib/http/viewer';
import { attempt } from '@/lib/views/part';
import { readWorkloads } from '@/lib/views/workloads';

export const metadata: Metadata = { title: 'Workloads · memdash' };

interface Props {
  params: Promise<{ cluster: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * Every workload the table has rows for, and those without a row whose pods Kyverno
 * sees: its rows against the p90 now, its pods, how many are stale or drifted. The
 * heading and what the columns mean are sent at once; the list follows when its verdicts are known, which takes
 * longest at production size (bench/pages.ts: docs/benchmarks.md).
 */
export default async function WorkloadsPage({ params, searchParams }: Props) {
  await connection();
  const cluster = clusterOfPage(await params);
  const filter = workloadFilterOf(await searchParams);
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">Workloads</h1>
      <p className="text-zinc-600">
        Every workload the table has a row for, and those without one (new, or without samples in the window) marked &ldquo;no row&rdquo;;
        pods the webhook skips (their namespace or a label) are not counted. Stale: pods older than the table&apos;s last write. Drifted:
        pods whose request is not today&apos;s row. &ldquo;Gone at the next run&rdquo;: the table the snapshot would write now has no row
        for it.
      </p>
      <Suspense fallback={<p className="text-zinc-600">Reading the table and judging every pod…</p>}>
        <Workloads cluster={cluster} filter={filter} />
      </Suspense>
    </div>
  );
}

async function Workloads({ cluster, filter }: { cluster: Cluster; filter: WorkloadListFilter }) {
  // From warm caches every read below answers at once and the rest is work on this thread: without a turn of the
  // event loop first, the heading would wait for the whole list instead of going out ahead of it.
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  const read = await attempt(async () => readWorkloads(cluster, await rightsOfPage()));
  if (!read.ok) return <ErrorState error={read.error} page />;
  return (
    <>
      <p className="text-zinc-600" data-testid="workload-count">
        {countOf(read.value.length, 'workload')}
      </p>
      {/* Only the first window goes in the page (at production size the whole list is most of a megabyte); the list
          fetches the rest from /api/workloads once it runs, for the search, the other orders and "Show more". */}
      <WorkloadList {...firstWindow(read.value, filter)} initial={filter} />
    </>
  );
}
