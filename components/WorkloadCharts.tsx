'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { fetchJson, queryKeys } from '@/lib/query';
import { partOfFlat } from '@/lib/domain';
import type { WorkloadMemoryJson } from '@/lib/views/workload-memory-types';
import { workloadMemoryUrl } from '@/lib/routes';
import { CHART_HEIGHT, ChartFrame } from './ChartFrame';
import { seriesOf } from './chart-series';

// The chart library is most of this page's JavaScript: it loads after the page, in the space kept for it.
const MemoryChart = dynamic(() => import('./MemoryChart'), { ssr: false, loading: () => <Drawing text="Drawing…" /> });

/**
 * The workload's charts, read apart from the page: a slow or broken Prometheus shows here, nowhere else. While they
 * load, a box of a chart's size stands for each container, so the sections below do not jump.
 */
export function WorkloadCharts({ namespace, workload, containers }: { namespace: string; workload: string; containers: number }) {
  const query = useQuery({
    queryKey: queryKeys.workloads.memory(namespace, workload),
    queryFn: async ({ signal }) => partOfFlat(await fetchJson<WorkloadMemoryJson>(workloadMemoryUrl(namespace, workload), signal)),
    staleTime: 60_000,
  });
  if (query.isPending)
    return (
      <div className="space-y-3" data-testid="charts-loading">
        {Array.from({ length: Math.max(containers, 1) }, (_, i) => (
          <div key={i} className="rounded border border-zinc-200 bg-white p-2">
            <p className="text-sm text-zinc-600">Reading 28 days of working set from Prometheus…</p>
            <Drawing />
            <p className="mt-2 text-xs">&nbsp;</p>
          </div>
        ))}
      </div>
    );
  if (query.isError) return <Problem text={query.error.message} />;
  if (!query.data.ok) return <Problem text={query.data.error.message} />;
  const { charts, start, end } = query.data.value;
  if (charts.length === 0)
    return (
      <p data-testid="no-samples">
        Prometheus has no working-set samples of this workload&apos;s pods in the snapshot&apos;s window, so the job writes no row for it.
      </p>
    );
  return (
    <div className="space-y-3">
      {charts.map((chart) => {
        const series = seriesOf(chart);
        return (
          <ChartFrame key={chart.container} chart={chart} series={series}>
            <MemoryChart chart={chart} series={series} window={{ start, end }} />
          </ChartFrame>
        );
      })}
    </div>
  );
}

function Drawing({ text }: { text?: string }) {
  return <div className={`${CHART_HEIGHT} mt-2 rounded bg-zinc-50 p-2 text-zinc-600`}>{text}</div>;
}

function Problem({ text }: { text: string }) {
  return (
    <p className="rounded border border-amber-300 bg-amber-50 p-3" data-testid="chart-problem">
      No chart: {text} The rest of the page does not need Prometheus.
    </p>
  );
}
