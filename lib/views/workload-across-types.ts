// The JSON of GET /c/{cluster}/api/workloads/{namespace}/{workload}/across: the same workload in the other clusters
// the asker may read, side by side with the cluster of the page. Types only: the browser imports it.
import type { Part } from '@/lib/domain/part';
import type { WorkloadRef } from './workload-history-types';

/** One container of the workload in one cluster: its row today (null: the table holds none) and the p90. */
export interface ContainerAcross {
  container: string;
  /** The row as the table writes it ("300Mi"), and in bytes. */
  row: { value: string; bytes: number } | null;
}

/** The workload in one cluster. */
export interface WorkloadInCluster {
  /** Its pods running now. */
  pods: number;
  /** Every container with a row or a pod, sorted by name. */
  containers: ContainerAcross[];
  /** Each container's p90 over the snapshot's window as the job computes it, MiB (null: no sample); Prometheus's failure as a part. */
  p90Mi: Part<Record<string, number | null>>;
  /** OOM kills over the snapshot's window (the recorder's and Prometheus's, each once); failed when neither could be read. */
  oomKills: Part<number>;
  windowDays: number;
}

/** One cluster's column; its read failed (or ran past its deadline) on its own. */
export interface AcrossColumn {
  cluster: string;
  /** The cluster of the page the panel is on: the first column. */
  here: boolean;
  workload: Part<WorkloadInCluster>;
}

export interface WorkloadAcross {
  ref: WorkloadRef;
  /** The page's cluster first, then each other cluster the asker reads that has the workload, in the configured order. */
  columns: AcrossColumn[];
  /** Other clusters the asker reads that have no such workload (no pod, no row). */
  without: string[];
}
