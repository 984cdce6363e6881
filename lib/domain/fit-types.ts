// What the fit of the next table reads and answers. Structural shapes, so that client-node's objects, a watch's plain
// JSON and test fixtures all fit; quantities stay text until the rules parse them (a bad one is a line, not a throw).

export interface FitContainer {
  name: string;
  init: boolean;
  /** The memory request as the pod has it now (bytes), or null when it has none. */
  request: number | null;
  limit: number | null;
}

/** One pod as the fit reads it: where it runs, where it may run, and its containers' memory. */
export interface FitPod {
  namespace: string;
  name: string;
  /** Its workload's name, or null (an ownerless pod has no row). */
  workload: string | null;
  nodeName: string | null;
  phase: string;
  /** Whether Kyverno sees its next pod: the registration is there and its selectors do not skip it. */
  sent: boolean;
  nodeSelector: Record<string, string>;
  tolerations: Toleration[];
  containers: FitContainer[];
}

export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
}

export interface Taint {
  key: string;
  value?: string;
  effect: string;
}

export interface FitNode {
  name: string;
  /** status.allocatable.memory as written, or null when the node reports none. */
  allocatable: string | null;
  labels: Record<string, string>;
  taints: Taint[];
  unschedulable: boolean;
}

/** A ResourceQuota's requests.memory (or requests.memory's alias `memory`), as written. */
export interface FitQuota {
  namespace: string;
  name: string;
  hard: string;
  /** status.used as the quota controller last wrote it, if it did. */
  used: string | null;
}

/** One memory item of a LimitRange (type Container or Pod), as written. */
export interface FitLimit {
  namespace: string;
  limitRange: string;
  type: string;
  max: string | null;
  min: string | null;
  maxLimitRequestRatio: string | null;
}

export interface FitInput {
  pods: FitPod[];
  nodes: FitNode[];
  quotas: FitQuota[];
  limits: FitLimit[];
  /** The next table's rows (key → quantity). */
  next: Record<string, string>;
}

/** What a workload's pods add to a node (or a namespace) with the next table. */
export interface WorkloadAdd {
  namespace: string;
  workload: string;
  pods: number;
  /** Next requests minus today's, bytes; negative when it shrinks. */
  adds: number;
}

export interface NodeFit {
  name: string;
  /** Bytes, or null when the node has no (readable) allocatable memory. */
  allocatable: number | null;
  /** Its pods of the namespaces they see; `now` and `next` are every pod's, the node's room being all of theirs. */
  pods: number;
  now: number;
  next: number;
  overNow: boolean;
  overNext: boolean;
  /** The workloads that add the most on this node, largest first. */
  top: WorkloadAdd[];
}

export interface NowherePod {
  namespace: string;
  pod: string;
  workload: string | null;
  node: string | null;
  now: number;
  next: number;
  /** The most room any node it may run on has for it, or null when it may run on none. */
  room: number | null;
  /** Nodes its selector and tolerations allow. */
  eligible: number;
}

export interface QuotaRefusal {
  namespace: string;
  workload: string;
  now: number;
  next: number;
  /** Its next pod would be admitted with today's request: the refusal is the next table's. */
  raised: boolean;
}

export interface QuotaFit {
  namespace: string;
  name: string;
  hardText: string;
  hard: number | null;
  /** What the quota controller last wrote, as written. */
  usedText: string | null;
  now: number;
  next: number;
  overNext: boolean;
  refused: QuotaRefusal[];
}

export type LimitBreachKind = 'max' | 'min' | 'ratio';

export interface LimitBreach {
  namespace: string;
  limitRange: string;
  workload: string;
  container: string;
  kind: LimitBreachKind;
  /** The next request, bytes. */
  value: number;
  /** The bound as written: 1Gi, or a ratio 4. */
  bound: string;
  words: string;
}

export interface FitReport {
  /** Pods of the namespaces they see. */
  pods: number;
  /** Those pods whose next request differs from today's. */
  changed: number;
  /** Namespaces with pods or a quota that they may not see: counted, never named; 0 for who sees every one. */
  unreadNamespaces: number;
  nodes: NodeFit[];
  nowhere: NowherePod[];
  /** How many pods fit nowhere, when the list is cut. */
  nowhereTotal: number;
  quotas: QuotaFit[];
  breaches: LimitBreach[];
  /** Data that could not be used as is: a node without allocatable, a quota in another unit. */
  notes: string[];
  /** One line each beside the guard's verdict: "namespace shop goes over its quota: cart's next pod is refused". */
  warnings: string[];
}
