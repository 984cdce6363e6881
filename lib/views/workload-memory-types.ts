// The JSON of GET /api/workloads/{namespace}/{workload}/memory, which the workload page's charts render. Types only.
import type { ChartPoint } from '@/lib/domain';

export interface ContainerChart {
  container: string;
  pods: string[];
  points: ChartPoint[];
  /** The p90 the snapshot job would write now, in MiB. */
  p90Mi: number | null;
  samples: number;
  /** The highest request and limit among the current pods (bytes). */
  request: number | null;
  limit: number | null;
  /** Share (0–1) of samples above the request. */
  shareAboveRequest: number | null;
}

export type WorkloadMemory = { ok: true; start: number; end: number; step: number; charts: ContainerChart[] } | { ok: false; problem: string };
