// The JSON of GET /api/pods/{namespace}/{pod}/explanation and what the pod page renders. Types only.
import type { ContainerExplanation, WorkloadKind } from '@/lib/domain';
import type { OwnerLink } from '@/lib/k8s/owners';

export type { OwnerLink };

/** What GET /api/pods/{namespace}/{pod}/explanation answers, and what the pod page renders: one shape for both. */
export interface Explanation {
  pod: { namespace: string; name: string; createdAt: string };
  owner: { kind: string; name: string } | null;
  ownerChain: OwnerLink[];
  workload: { kind: WorkloadKind; name: string } | null;
  /** Whether the table is loaded is everyone's; its rows, malformed rows and last write only theirs who may get it (else null). */
  table: { loaded: boolean; rows: number | null; malformed: number | null; lastWriteAt: string | null; configMap: string };
  registration: { present: boolean; absentSince: string | null; name: string; entry: string };
  containers: ContainerExplanation[];
  limits: string[];
}
