// What /workloads renders: each workload of the table with its rows and its current pods' state. Types only.

export interface WorkloadRowSize {
  /** Its row's key is rowKey(namespace, workload, container): not sent, thousands of times over. */
  container: string;
  /** Today's row, bytes. */
  bytes: number;
}

export interface WorkloadSummary {
  namespace: string;
  workload: string;
  rows: WorkloadRowSize[];
  /** Current pods of the workload. */
  pods: number;
  /** Pods with a container whose verdict is `stale` (older than the table's last write). */
  stale: number;
  /** Pods with a container whose request is not today's row. */
  drifted: number;
}
