// What the workload page shows of its OOM kills and evictions over the window: marks for its charts, the list of
// the pods they ended with their request and working set then, and where each source stood. Types only.
import type { TerminationMark } from '@/lib/domain';

export interface WorkloadEnd extends TerminationMark {
  /** The container's request then (an eviction: the pod's requests summed), bytes; null when memdash never saw it. */
  request: number | null;
  /** The working set then (an eviction: the pod's containers summed), bytes; null without a sample in the 15 minutes before. */
  workingSet: number | null;
  /** The eviction's message, when the recorder saw it. */
  message: string | null;
}

export interface SourceState {
  /** read: it was read; missing: Prometheus holds none of its series for these pods; failed: it could not be read. */
  state: 'read' | 'missing' | 'failed';
  /** One line saying so. */
  line: string;
}

export interface WorkloadEnds {
  /** The window, unix seconds. */
  start: number;
  end: number;
  /** Every OOM kill and eviction in the window, oldest first, each once across sources. */
  marks: TerminationMark[];
  /** The newest of them with what the pod had and used then, newest first. */
  ends: WorkloadEnd[];
  oomKills: number;
  evictions: number;
  recorder: SourceState;
  prometheus: SourceState;
}
