import { restartCommand } from './break-glass-commands';
import type { FitReport } from './fit-types';
import { formatMemory, parseMemory } from './quantity';
import { NOT_AS_THE_TABLE_SAYS, type VerdictCode } from './verdict-codes';

// The pod page's answer before its evidence: what happened to the pod, each container's verdict and what its next
// pod gets, then one thing to do for the whole pod. What to do weighs what the other pages know of the workload:
// a restart whose next pod the quota or the nodes refuse, or an instance that may be a database's primary.

export interface ContainerLine {
  container: string;
  verdict: VerdictCode;
  nextPod: string;
}

export interface PodAdvice {
  /** The pod's news, said first when there is one (its eviction), or null. */
  lead: string | null;
  lines: ContainerLine[];
  action: string;
  /** The kubectl that applies the table, when a restart is what to do. */
  command: string | null;
}

export interface PodAdviceInput {
  namespace: string;
  workload: { kind: string; name: string } | null;
  kubectl: string;
  containers: Array<{ name: string; verdict: VerdictCode; nextPod: string }>;
  /** The kubelet's message when the pod was evicted, else null. */
  eviction: { message: string } | null;
  /** Why the workload's next pod would not run with today's table (nextPodRefusals), empty when it would. */
  refusals: string[];
}

const RESTARTABLE = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

export function podAdviceFor(input: PodAdviceInput): PodAdvice {
  const lines = input.containers.map((c) => ({ container: c.name, verdict: c.verdict, nextPod: c.nextPod.replace(/\.$/, '') }));
  const lead = input.eviction ? evictionLead(input.eviction.message) : null;
  return { lead, lines, ...actionFor(input) };
}

function actionFor({ namespace, workload, kubectl, containers, eviction, refusals }: PodAdviceInput): Omit<PodAdvice, 'lead' | 'lines'> {
  const none = { command: null };
  if (eviction)
    return workload
      ? { action: `Nothing to restart: it no longer runs, and ${workloadName(workload)} made a pod in its place`, ...none }
      : { action: 'Nothing to restart: it no longer runs', ...none };
  const verdicts = containers.map((c) => c.verdict);
  if (verdicts.includes('stale')) {
    if (workload?.kind === 'Cluster')
      return {
        action:
          `Replace one instance of cluster ${workload.name} at a time, and switch over first if this one is the primary: ` +
          'CloudNativePG re-creates a deleted instance with the row',
        ...none,
      };
    if (workload && RESTARTABLE.has(workload.kind)) {
      if (refusals.length > 0) return { action: `Do not restart ${workloadName(workload)} yet: its next pod ${joined(refusals)}`, ...none };
      return {
        action: `Restart ${workloadName(workload)} to apply it`,
        command: restartCommand(kubectl, namespace, workload.kind, workload.name),
      };
    }
    return { action: 'Delete the pod to apply it (no workload to restart)', ...none };
  }
  if (verdicts.some((v) => NOT_AS_THE_TABLE_SAYS.has(v))) return { action: 'Read the evidence below', ...none };
  return { action: 'Nothing to do', ...none };
}

const workloadName = (w: { kind: string; name: string }) => `${w.kind.toLowerCase()}/${w.name}`;

/**
 * "Evicted: worker was using 400Mi against its 210Mi request", from the kubelet's message; the message as it is when
 * it is worded otherwise.
 */
export function evictionLead(message: string): string {
  const m = /Container (\S+) was using (\S+), request is (\S+?),/.exec(message);
  const using = m ? parseMemory(m[2]!) : null;
  const request = m ? parseMemory(m[3]!) : null;
  if (!m || using === null) return `Evicted: ${message.trim()}`;
  const against = request === null ? 'without a request' : `against its ${formatMemory(request)} request`;
  return `Evicted: ${m[1]} was using ${formatMemory(using)} ${against}`;
}

/**
 * What the fit of today's table says of one workload's next pod, in words that follow "its next pod": refused by a
 * namespace's quota, fits on no node. The report is the one the home and workload pages show.
 */
export function nextPodRefusals(report: FitReport, namespace: string, workload: string): string[] {
  const quotas = report.quotas.filter((q) => q.namespace === namespace && q.refused.some((r) => r.workload === workload));
  const out = quotas.map((q) => `is refused by namespace ${namespace}'s quota ${q.name}`);
  if (report.nowhere.some((p) => p.namespace === namespace && p.workload === workload)) out.push('fits on no node');
  return out;
}

function joined(list: string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}
