// What the workload page renders (all but the charts). Types only.
import type { ContainerExplanation, TableRow, TableVersion } from '@/lib/domain';
import type { TableRead } from '@/lib/k8s/table';

export interface WorkloadRef {
  namespace: string;
  workload: string;
}

export interface WorkloadPod {
  name: string;
  createdAt: string | null;
  containers: ContainerExplanation[];
}

export interface WorkloadHistory {
  ref: WorkloadRef;
  table: TableRead;
  /** Today's rows of this workload, one per container. */
  rows: TableRow[];
  containers: string[];
  /** Every recorded version holding only this workload's rows. */
  versions: TableVersion[];
  pods: WorkloadPod[];
}
