// The JSON of GET /api/workloads/{namespace}/{workload}/memory, which the workload page's charts render. Types only.
import type { ChartPoint, FlatPart, Part } from '@/lib/domain';

export interface ContainerChart {
  container: string;
  pods: string[];
  points: ChartPoint[];
  /** The p90 the snapshot job would write now, in MiB. */
  p90Mi: number | null;
  samples: number;
  /** Today's row as the history store last recorded it (bytes), null without a row. */
  row: number | null;
  /** The highest request and limit among the current pods (bytes). */
  request: number | null;
  limit: number | null;
  /** Share (0–1) of samples above the request. */
  shareAboveRequest: number | null;
}

export interface WorkloadCharts {
  start: number;
  end: number;
  step: number;
  charts: ContainerChart[];
}

/** A Prometheus failure is this part's error, in the charts' place; the rest of the page does not need Prometheus. */
export type WorkloadMemory = Part<WorkloadCharts>;

/** The route's JSON: `{ok: true, start, end, step, charts}` or `{ok: false, problem}`, as it has always answered. */
export type WorkloadMemoryJson = FlatPart<WorkloadCharts>;
