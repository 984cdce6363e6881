import { toDate } from './time';

// What a pod's status says about how its containers ended and whether it was evicted, and the same read from
// Prometheus's kube-state-metrics and cAdvisor series. The cluster forgets: a container's status holds only its last
// termination, and an evicted pod goes with its ReplicaSet's next cleanup. The recorder keeps each one it sees.

export interface TerminatedShape {
  reason?: string;
  exitCode?: number;
  finishedAt?: string | Date;
  message?: string;
}

export interface ContainerStatusShape {
  name: string;
  restartCount?: number;
  state?: { terminated?: TerminatedShape | null } | null;
  lastState?: { terminated?: TerminatedShape | null } | null;
}

export interface PodStatusShape {
  phase?: string;
  reason?: string;
  message?: string;
  containerStatuses?: ContainerStatusShape[] | null;
  initContainerStatuses?: ContainerStatusShape[] | null;
}

/** One end of a container: its reason (OOMKilled, Error, Completed…), when, and the restart count it ended at. */
export interface Termination {
  container: string;
  reason: string;
  exitCode: number | null;
  /** ISO 8601: when it ended (the status's finishedAt). */
  at: string;
  restartCount: number;
}

export interface Eviction {
  message: string;
  /** ISO 8601: when its containers ended, or when it was first seen evicted; null when neither is known. */
  at: string | null;
}

export const OOM_KILLED = 'OOMKilled';
export const EVICTED = 'Evicted';

const iso = (t: string | Date | undefined) => toDate(t)?.toISOString() ?? null;

/**
 * Every termination the status holds: each container's last one (it restarted since) and its current state when it
 * has ended (a pod that does not restart, an evicted pod). A termination without a time cannot be placed and is left
 * out.
 */
export function terminationsOf(status: PodStatusShape | undefined): Termination[] {
  const out: Termination[] = [];
  for (const c of [...(status?.initContainerStatuses ?? []), ...(status?.containerStatuses ?? [])]) {
    for (const t of [c.lastState?.terminated, c.state?.terminated]) {
      const at = iso(t?.finishedAt);
      if (!t || !at) continue;
      out.push({ container: c.name, reason: t.reason || 'Unknown', exitCode: t.exitCode ?? null, at, restartCount: c.restartCount ?? 0 });
    }
  }
  return out;
}

/** The pod's eviction (status reason Evicted), or null; `seenAt` dates it when its containers give no end. */
export function evictionOf(status: PodStatusShape | undefined, seenAt: string | null): Eviction | null {
  if (status?.reason !== EVICTED) return null;
  const ends = terminationsOf(status)
    .map((t) => t.at)
    .sort();
  return { message: status.message?.trim() || 'The kubelet gave no message.', at: ends.at(-1) ?? seenAt };
}

/** The last termination of each container, OOMKilled above all: what the pod page shows first. */
export function lastTerminations(status: PodStatusShape | undefined): Map<string, Termination> {
  const last = new Map<string, Termination>();
  for (const t of terminationsOf(status)) {
    const before = last.get(t.container);
    if (!before || t.at > before.at || (t.at === before.at && t.reason === OOM_KILLED)) last.set(t.container, t);
  }
  return last;
}

/** [unix seconds, value] pairs, oldest first: one Prometheus series. */
export type Points = ReadonlyArray<readonly [number, number]>;

/** The times a counter went up (a reset to a lower value is not counted: it is a new pod's counter). */
export function increases(points: Points): number[] {
  const times: number[] = [];
  for (let i = 1; i < points.length; i++) if (points[i]![1] > points[i - 1]![1]) times.push(points[i]![0]);
  return times;
}

/**
 * The OOM kills in kube-state-metrics' series of one container: each rise of its restarts at which its last
 * termination reason is OOMKilled (the reason series is 1 then).
 */
export function oomKillsFromRestarts(restarts: Points, oomReason: Points): number[] {
  const oomAt = new Set(oomReason.filter(([, v]) => v === 1).map(([t]) => t));
  return increases(restarts).filter((t) => oomAt.has(t));
}

/** The first time a 0/1 series is 1 (kube_pod_status_reason{reason="Evicted"}), or null. */
export function firstAtOne(points: Points): number | null {
  return points.find(([, v]) => v === 1)?.[0] ?? null;
}

/** One OOM kill or eviction on a workload's timeline. */
export interface TerminationMark {
  kind: 'oom-kill' | 'eviction';
  pod: string;
  /** The container OOM-killed; null for an eviction (the pod). */
  container: string | null;
  /** Unix seconds. */
  t: number;
  /** Where it was read: the recorder's history, kube-state-metrics, cAdvisor. */
  source: 'recorder' | 'kube-state-metrics' | 'cadvisor';
}

/**
 * The marks of several sources as one list, oldest first: a mark within `tolerance` seconds of one of the same kind,
 * pod and container already kept is the same event seen twice (the recorder's time is the kubelet's, Prometheus's
 * the step it fell in), and the first source given wins.
 */
export function mergeMarks(sources: ReadonlyArray<readonly TerminationMark[]>, tolerance: number): TerminationMark[] {
  const kept: TerminationMark[] = [];
  for (const marks of sources)
    for (const m of marks) {
      const same = kept.some(
        (k) => k.kind === m.kind && k.pod === m.pod && k.container === m.container && Math.abs(k.t - m.t) <= tolerance,
      );
      if (!same) kept.push(m);
    }
  return kept.sort((a, b) => a.t - b.t || a.pod.localeCompare(b.pod));
}

/** How long the working set was within 10 % of the limit: the steps at which any pod's sample was, in seconds. */
export function secondsNearLimit(series: ReadonlyArray<{ values: Points }>, limit: number | null, step: number): number | null {
  if (limit === null || limit <= 0) return null;
  const near = new Set<number>();
  for (const s of series) for (const [t, v] of s.values) if (v >= limit * 0.9) near.add(t);
  return near.size * step;
}
