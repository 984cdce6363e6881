'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { fetchJson, queryKeys } from '@/lib/query';
import { chartSentence, partOfFlat } from '@/lib/domain';
import type { ContainerChart, WorkloadMemory, WorkloadMemoryJson } from '@/lib/views/workload-memory-types';
import { workloadMemoryUrl } from '@/lib/routes';
import { ChartBox, ChartFrame, ChartsReading } from './ChartFrame';
import { seriesOf } from './chart-series';

// The chart library is most of this page's JavaScript: it loads after the page, in the space kept for it.
const MemoryChart = dynamic(() => import('./MemoryChart'), { ssr: false, loading: () => <ChartBox text="Drawing…" /> });

/** The charts' data as the server read it for the page, and when (ms since the epoch), so it goes stale from then. */
export interface ServerRead {
  memory: WorkloadMemory;
  readAt: number;
}

/**
 * The workload's charts, read apart from the rest of the page: a slow or broken Prometheus shows here, nowhere else.
 * The page's server read comes in `initial`, streamed with the page, so the captions are in its HTML and only the
 * drawing waits for the chart library; without it (that read threw) the browser reads the route itself, as before.
 */
export function WorkloadCharts({
  namespace,
  workload,
  containers,
  initial,
}: {
  namespace: string;
  workload: string;
  containers: number;
  initial?: ServerRead;
}) {
  const query = useQuery({
    queryKey: queryKeys.workloads.memory(namespace, workload),
    queryFn: async ({ signal }) => partOfFlat(await fetchJson<WorkloadMemoryJson>(workloadMemoryUrl(namespace, workload), signal)),
    staleTime: 60_000,
    initialData: initial?.memory,
    initialDataUpdatedAt: initial?.readAt,
  });
  if (query.isPending) return <ChartsReading containers={containers} />;
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
          <ChartFrame key={chart.container} chart={chart} series={series} sentence={sentenceOf(chart, namespace, workload, end - start)}>
            <MemoryChart chart={chart} series={series} window={{ start, end }} />
          </ChartFrame>
        );
      })}
    </div>
  );
}

function sentenceOf(chart: ContainerChart, namespace: string, workload: string, seconds: number): string {
  return chartSentence({ ...chart, workload, namespace, days: Math.round(seconds / 86_400) });
}

function Problem({ text }: { text: string }) {
  return (
    <p className="rounded border border-amber-300 bg-amber-50 p-3" data-testid="chart-problem">
      No chart: {text} The rest of the page does not need Prometheus.
    </p>
  );
}
