// The JSON of GET /api/pods and the rows of /pods. Types only: the browser imports it.
import type { WorkloadKind } from '@/lib/domain';

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
