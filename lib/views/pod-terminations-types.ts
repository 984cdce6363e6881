// What the pod page's "How its containers ended" section renders: restarts and terminations (OOMKilled above
// all) with the request, limit and row in force then, the pod's eviction, its events, and heap ceilings above the
// request. Types only.

export interface RowThen {
  /** found: the row in force then; none: the table then had no such row; unknown: memdash had not recorded the table then. */
  state: 'found' | 'none' | 'unknown' | 'no-workload';
  key: string | null;
  bytes: number | null;
}

export interface EndSeen {
  reason: string;
  exitCode: number | null;
  /** ISO 8601. */
  at: string;
  restartCount: number;
  row: RowThen;
}

export interface ContainerEnds {
  name: string;
  init: boolean;
  restarts: number;
  /** The pod's request and limit (bytes): a pod's own do not change after it is created. */
  request: number | null;
  limit: number | null;
  /** Its ends, newest first: the status's and those the recorder kept. */
  ends: EndSeen[];
  /** Heap ceilings above the request or the next pod's, one line each. */
  heapFlags: string[];
}

export interface PodEvent {
  reason: string;
  type: string;
  message: string;
  /** ISO 8601, or null when the event gives no time. */
  at: string | null;
  count: number;
  /** Whose event: "pod", or the controller's or node's Kind/name. */
  object: string;
}

export interface PodEnds {
  containers: ContainerEnds[];
  eviction: { message: string; at: string | null; row: RowThen[] } | null;
  events: PodEvent[];
  /** What could not be read (the history store, the events), one line each: the rest stands. */
  notes: string[];
}
