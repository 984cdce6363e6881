import { formatCount } from '@/lib/domain';
import type { Metadata } from 'next';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ErrorState';
import { WorkloadList } from '@/components/WorkloadList';
import { workloadSort } from '@/components/workload-sorts';
import { attempt } from '@/lib/views/part';
import { readWorkloads } from '@/lib/views/workloads';

export const metadata: Metadata = { title: 'Workloads · memdash' };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** Every workload the table has rows for: its rows against the p90 now, its pods, how many are stale or drifted. */
export default async function WorkloadsPage({ searchParams }: Props) {
  await connection();
  const sort = workloadSort((await searchParams).sort);
  const read = await attempt(() => readWorkloads());
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">Workloads in the table{read.ok ? ` (${formatCount(read.value.length)})` : ''}</h1>
      {read.ok ? (
        <>
          <p className="text-zinc-600">
            A workload without a row (new, or without samples in the window) is not listed; open it by its name (Ctrl K). Stale: pods older
            than the table&apos;s last write. Drifted: pods whose request is not today&apos;s row.
          </p>
          <WorkloadList workloads={read.value} initialSort={sort} />
        </>
      ) : (
        <ErrorState error={read.error} />
      )}
    </div>
  );
}
