'use client';

import { useQuery } from '@tanstack/react-query';
import { fetchJson, queryKeys } from '@/lib/query';
import { partOfFlat } from '@/lib/domain';
import type { WorkloadMemoryJson } from '@/lib/views/workload-memory-types';
import { MemoryChart } from './MemoryChart';
import { workloadMemoryUrl } from '@/lib/routes';

/** The workload's charts, read apart from the page: a slow or broken Prometheus shows here, nowhere else. */
export function WorkloadCharts({ namespace, workload }: { namespace: string; workload: string }) {
  const query = useQuery({
    queryKey: queryKeys.workloads.memory(namespace, workload),
    queryFn: async ({ signal }) => partOfFlat(await fetchJson<WorkloadMemoryJson>(workloadMemoryUrl(namespace, workload), signal)),
    staleTime: 60_000,
  });
  if (query.isPending)
    return (
      <p className="text-zinc-600" data-testid="charts-loading">
        Reading 28 days of working set from Prometheus…
      </p>
    );
  if (query.isError) return <Problem text={query.error.message} />;
  if (!query.data.ok) return <Problem text={query.data.error.message} />;
  const { charts } = query.data.value;
  if (charts.length === 0)
    return (
      <p data-testid="no-samples">
        Prometheus has no working-set samples of this workload's pods in the snapshot's window, so the job writes no row for it.
      </p>
    );
  return (
    <div className="space-y-3">
      {charts.map((chart) => (
        <MemoryChart key={chart.container} chart={chart} />
      ))}
    </div>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <p className="rounded border border-amber-300 bg-amber-50 p-3" data-testid="chart-problem">
      No chart: {text} The rest of the page does not need Prometheus.
    </p>
  );
}
