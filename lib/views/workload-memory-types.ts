// The JSON of GET /api/workloads/{namespace}/{workload}/memory, which the workload page's charts render. Types only.
import type { ChartPoint, ChartRange, Part, RowWrite } from '@/lib/domain';

/** One container's chart. The p90 the job would write is over the snapshot's window; the rest over the range shown. */
export interface ContainerChart {
  container: string;
  pods: string[];
  points: ChartPoint[];
  /** The p90 the snapshot job would write now, in MiB: over its window, whatever the range shown. */
  p90Mi: number | null;
  /** The p90 of the range shown, in MiB: the chart's sentence. */
  rangeP90Mi: number | null;
  samples: number;
  /** Today's row as the history store last recorded it (bytes), null without a row. */
  row: number | null;
  /** The highest request and limit among the current pods (bytes). */
  request: number | null;
  limit: number | null;
  /** Share (0–1) of samples above the request. */
  shareAboveRequest: number | null;
  /** How long (seconds, at the samples' step) any pod's working set was within 10 % of the limit; null without a limit. */
  secondsNearLimit: number | null;
  /** The recorded versions that changed this container's row within the range, marked on the chart. */
  writes: RowWrite[];
}

export interface WorkloadCharts {
  /** The range shown (unix seconds), and the step of the samples (the snapshot's) and of the points drawn. */
  start: number;
  end: number;
  step: number;
  bucket: number;
  /** The switch's range shown; null when the snapshot's window shown by default is none of them. */
  range: ChartRange | null;
  /** The snapshot's window, over which the job's p90 is. */
  windowDays: number;
  charts: ContainerChart[];
}

/**
 * The route's JSON, and the page's read: a Prometheus failure is this part's error, in the charts' place; the rest of
 * the page does not need Prometheus.
 */
export type WorkloadMemory = Part<WorkloadCharts>;
