import type { RegistrationAt } from './registration-history';
import type { ParsedTable } from './table';
import type { PodShape, WebhookEntryShape } from './types';
import type { VerdictCode } from './verdict-codes';
import type { Workload } from './workload';

/** The table as read now. */
export interface TableState {
  parsed: ParsedTable;
  lastWriteAt: string | null;
}

/** The pod webhook's registration as read now; `entry` is null while it is absent. */
export interface RegistrationState {
  present: boolean;
  entry: WebhookEntryShape | null;
  absentSince: string | null;
}

/** The table version in force when the pod was created, as the history store recorded (or imported) it. */
export interface TableAtCreation {
  parsed: ParsedTable;
  inForceFrom: string;
  source: 'watch' | 'import';
  /** For an imported version: the file it came from. */
  label: string | null;
}

/**
 * What the recorded history says about the moment the pod was created. `table` is null when history does not
 * reach back that far (then `tableRecordedSince` says from when it does).
 */
export interface HistoryAtCreation {
  table: TableAtCreation | null;
  tableRecordedSince: string | null;
  registration: RegistrationAt;
}

export interface ExplainInput {
  pod: PodShape;
  namespaceLabels: Record<string, string>;
  table: TableState;
  registration: RegistrationState;
  now: Date;
  /** Where ownerless pods are Jenkins agents; jenkins-prd when absent. */
  jenkinsNamespace?: string;
  /** The history store's view of the pod's creation; without it, verdicts are judged from the cluster now. */
  history?: HistoryAtCreation;
}

/** Everything a container's verdict depends on: the pod's facts, worked out once for all its containers. */
export interface VerdictContext extends ExplainInput {
  workload: Workload | null;
  /** The sentence saying which rule gave the workload, or why none did. */
  workloadVia: string;
}

export interface ContainerExplanation {
  name: string;
  init: boolean;
  /** Bytes; a missing request is the limit, as Kubernetes defaults it before admission. */
  request: number | null;
  limit: number | null;
  rowKey: string | null;
  /** Bytes of the container's row now, or null when there is none. */
  row: number | null;
  verdict: VerdictCode;
  /** One sentence, with the numbers and the row key. */
  reason: string;
  /** The facts compared, one sentence each. */
  evidence: string[];
  /** What the container's next pod gets, if nothing changes. */
  nextPod: string;
}

export interface PodExplanation {
  owner: { kind: string; name: string } | null;
  workload: Workload | null;
  containers: ContainerExplanation[];
  /** What these verdicts cannot know, e.g. without history. */
  limits: string[];
}
