import type { RegistrationGap } from './registration-history';
import { toDate, wholeSecond } from './time';
import type { VerdictCode } from './verdict-codes';
import type { WorkloadKind } from './workload';

// Pods created while the pod webhook's registration was gone kept the request they arrived with. Grouped by their
// workload, they are what the operator restarts so that each gets the table's number with its next pod.

export interface ExplainedPod {
  namespace: string;
  name: string;
  createdAt: string;
  workload: { kind: WorkloadKind; name: string } | null;
  containers: Array<{ name: string; verdict: VerdictCode; request: number | null; row: number | null }>;
}

/** Kinds `kubectl rollout restart` takes. */
export const RESTARTABLE_KINDS = ['Deployment', 'StatefulSet', 'DaemonSet'] as const;
export type RestartableKind = (typeof RESTARTABLE_KINDS)[number];

export function isRestartable(kind: string): kind is RestartableKind {
  return (RESTARTABLE_KINDS as readonly string[]).includes(kind);
}

export interface CreatedMeanwhileGroup {
  namespace: string;
  /** null for pods without a workload (nothing to restart). */
  workload: { kind: WorkloadKind; name: string } | null;
  restartable: boolean;
  pods: ExplainedPod[];
  /** Each verdict among the group's containers, with how many containers have it. */
  verdicts: Partial<Record<VerdictCode, number>>;
}

const SKIPPED: VerdictCode[] = ['skipped-namespace', 'skipped-label'];

/**
 * Pods created at or after `since` (and before `until`, when the registration is known to be back) that the webhook
 * covers, grouped by workload; groups sorted by namespace and name.
 */
export function createdMeanwhile(pods: readonly ExplainedPod[], since: Date, until: Date | null = null): CreatedMeanwhileGroup[] {
  const groups = new Map<string, CreatedMeanwhileGroup>();
  for (const pod of pods) {
    if (!createdWithin(pod, since, until)) continue;
    // The skipped ones never went to Kyverno, registration or not.
    if (pod.containers.length > 0 && pod.containers.every((c) => SKIPPED.includes(c.verdict))) continue;
    const key = pod.workload ? `${pod.namespace}/${pod.workload.kind}/${pod.workload.name}` : `${pod.namespace}//${pod.name}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        namespace: pod.namespace,
        workload: pod.workload,
        restartable: Boolean(pod.workload && isRestartable(pod.workload.kind)),
        pods: [],
        verdicts: {},
      };
      groups.set(key, group);
    }
    group.pods.push(pod);
    for (const c of pod.containers) group.verdicts[c.verdict] = (group.verdicts[c.verdict] ?? 0) + 1;
  }
  const label = (g: CreatedMeanwhileGroup) => `${g.namespace}/${g.workload?.name ?? g.pods[0]!.name}`;
  return [...groups.values()].sort((a, b) => label(a).localeCompare(label(b)));
}

/** Created at or after `since`, before `until` (see createdBetween). */
function createdWithin(pod: ExplainedPod, since: Date, until: Date | null): boolean {
  const created = toDate(pod.createdAt);
  return created !== null && createdBetween(created, since, until);
}

/**
 * Whether a pod stamped `created` (the API server stamps pods to the second) may have been created in [since, until):
 * both ends to their whole second. A pod stamped the second the registration came back (`until`, itself a creation
 * time to the second) may have come before it, unsized: it is listed, as one stamped the second it went is. Listing a
 * pod that did go through Kyverno costs a restart; leaving out one that did not leaves it unsized.
 */
export function createdBetween(created: Date, since: Date, until: Date | null): boolean {
  return created >= wholeSecond(since) && (!until || created.getTime() < wholeSecond(until).getTime() + 1000);
}

/** One stretch of time the registration was gone: from the earliest it may have gone, to its return (null: still gone). */
export interface GapWindow {
  from: string;
  to: string | null;
}

/** The windows of the registration's gaps, each from the earliest it may have gone (the runbook's SINCE). */
export function gapWindows(gaps: readonly RegistrationGap[]): GapWindow[] {
  return gaps.map((g) => ({ from: g.since ?? g.from, to: g.to }));
}

/**
 * The covered pods created within any of `windows` (an incident's every gap, not only its last), grouped as
 * createdMeanwhile groups them. A pod created between two gaps went through Kyverno and is not listed.
 */
export function createdInGaps(pods: readonly ExplainedPod[], windows: readonly GapWindow[]): CreatedMeanwhileGroup[] {
  const within = pods.filter((p) => windows.some((w) => createdWithin(p, toDate(w.from)!, toDate(w.to))));
  const first = windows.map((w) => toDate(w.from)!).sort((a, b) => a.getTime() - b.getTime())[0];
  return first ? createdMeanwhile(within, first) : [];
}

/** More than this many workloads restarted at once needs the count typed. */
export const RESTARTS_WITHOUT_CONFIRMATION = 5;
