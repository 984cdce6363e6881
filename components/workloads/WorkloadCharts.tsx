'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useMemo, useState } from 'react';
import { fetchJson, queryKeys } from '@/lib/client/query';
import { bucketWords, chartSentence, spanWords, type ChartRange, type TerminationMark } from '@/lib/domain';
import type { ContainerChart, WorkloadMemory, WorkloadCharts as Charts } from '@/lib/views/workload-memory-types';
import { workloadMemoryUrl } from '@/lib/routes';
import { ChartBox, ChartFrame, ChartsReading, type ChartSpan } from './ChartFrame';
import { seriesId, seriesOf } from './chart-series';
import { useClusterName } from '@/components/shell/ClusterName';

// The chart library is most of this page's JavaScript: it loads after the page, in the space kept for it.
const MemoryChart = dynamic(() => import('./MemoryChart'), { ssr: false, loading: () => <ChartBox text="Drawing…" /> });

/** The charts' data as the server read it for the page, and when (ms since the epoch), so it goes stale from then. */
export interface ServerRead {
  memory: WorkloadMemory;
  readAt: number;
}

/**
 * The workload's charts over `range` (the snapshot's window when absent), read apart from the rest of the page: a
 * slow or broken Prometheus shows here, nowhere else. The page's server read comes in `initial`, streamed with the
 * page, so the captions are in its HTML and only the drawing waits for the chart library; without it (that read
 * threw) the browser reads the route itself, as before.
 */
export function WorkloadCharts({
  namespace,
  workload,
  containers,
  range,
  span,
  initial,
  marks = [],
}: {
  namespace: string;
  workload: string;
  containers: number;
  /** The OOM kills and evictions in the window, marked on the charts (an eviction on each). */
  marks?: TerminationMark[];
  range: ChartRange | undefined;
  /** The range in words while it is read: "28 days". */
  span: string;
  initial?: ServerRead;
}) {
  const cluster = useClusterName();
  const query = useQuery({
    queryKey: queryKeys.workloads.memory(cluster, namespace, workload, range),
    queryFn: ({ signal }) => fetchJson<WorkloadMemory>(workloadMemoryUrl(cluster, namespace, workload, range), signal),
    staleTime: 60_000,
    initialData: initial?.memory,
    initialDataUpdatedAt: initial?.readAt,
  });
  if (query.isPending) return <ChartsReading containers={containers} span={span} />;
  if (query.isError) return <Problem text={query.error.message} />;
  if (!query.data.ok) return <Problem text={query.data.error.message} />;
  const charts = query.data.value;
  if (charts.charts.length === 0)
    return (
      <p data-testid="no-samples">
        Prometheus has no working-set samples of this workload&apos;s pods in the snapshot&apos;s window, so the job writes no row for it.
      </p>
    );
  const chartSpan = spanOf(charts);
  return (
    <div className="space-y-3">
      {charts.charts.map((chart) => (
        <OneChart
          key={chart.container}
          chart={chart}
          namespace={namespace}
          workload={workload}
          span={chartSpan}
          marks={marks.filter((m) => m.container === null || m.container === chart.container)}
        />
      ))}
    </div>
  );
}

function spanOf({ start, end, bucket, windowDays }: Charts): ChartSpan {
  const seconds = end - start;
  return {
    words: spanWords(seconds),
    bucket: bucketWords(bucket),
    start,
    end,
    windowDays: seconds === windowDays * 86_400 ? null : windowDays,
  };
}

/** One container's chart with the lines its legend leaves shown. */
function OneChart({
  chart,
  namespace,
  workload,
  span,
  marks,
}: {
  chart: ContainerChart;
  namespace: string;
  workload: string;
  span: ChartSpan;
  marks: TerminationMark[];
}) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const series = useMemo(() => seriesOf(chart), [chart]);
  const toggle = (id: string) =>
    setHidden((before) => {
      const after = new Set(before);
      if (!after.delete(id)) after.add(id);
      return after;
    });
  const sentence = chartSentence({ ...chart, p90Mi: chart.rangeP90Mi, workload, namespace, over: span.words });
  return (
    <ChartFrame chart={chart} series={series} sentence={sentence} span={span} hidden={hidden} onToggle={toggle}>
      <MemoryChart
        chart={chart}
        series={series.filter((s) => !hidden.has(seriesId(s)))}
        window={{ start: span.start, end: span.end }}
        bucketWords={span.bucket}
        marks={marks}
      />
    </ChartFrame>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <p className="rounded border border-amber-300 bg-amber-50 p-3" data-testid="chart-problem">
      No chart: {text} The rest of the page does not need Prometheus.
    </p>
  );
}
