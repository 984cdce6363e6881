// What the pod page shows of each container's own working set beside its request. Types only.
import type { Part, WorkingSet } from '@/lib/domain';

export interface PodWorkingSets {
  /** The window read, unix seconds: the snapshot's (28 days at its step). */
  start: number;
  end: number;
  step: number;
  /** Per container name: its newest sample and its p90 over the window, as the job would compute it for this pod. */
  containers: Record<string, WorkingSet>;
}

/** A Prometheus failure is this part's error, said in its place; the rest of the pod page does not need Prometheus. */
export type PodMemory = Part<PodWorkingSets>;
