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
  /** Today's rows; none for a workload the table has no row for. */
  rows: WorkloadRowSize[];
  /** Current pods of the workload. */
  pods: number;
  /** Pods with a container whose verdict is `stale` (older than the table's last write). */
  stale: number;
  /** Pods with a container whose request is not today's row (not counting pods the webhook never sends to Kyverno). */
  drifted: number;
  /** OOM kills and evictions of its pods over the snapshot's window, as memdash's recorder saw them; null when the history store could not be read. */
  oomKills: number | null;
  evictions: number | null;
}
