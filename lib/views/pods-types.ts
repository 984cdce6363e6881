// The JSON of GET /api/pods and the rows of /pods. Types only: the browser imports it.
import type { VerdictCode, WorkloadKind } from '@/lib/domain';

/** One row of the pod list and of the Ctrl/Cmd-K jump. */
export interface PodSummary {
  namespace: string;
  name: string;
  phase: string;
  createdAt: string | null;
  workload: { kind: WorkloadKind; name: string } | null;
}

export interface PodSearch {
  namespace?: string;
  /** Part of the pod's name, or of its workload's name. */
  name?: string;
  limit: number;
}

/** One container of a row of /pods: its request beside today's row, and why it has it. Bytes. */
export interface PodContainerRow {
  name: string;
  init: boolean;
  request: number | null;
  row: number | null;
  verdict: VerdictCode;
}

/** A row of /pods: the pod and its containers' verdicts. */
export interface PodListRow extends PodSummary {
  containers: PodContainerRow[];
}

/** /pods?verdict=: one verdict, or "differs" (any verdict where the request is not what the table says). */
export type PodVerdictFilter = VerdictCode | 'differs';
