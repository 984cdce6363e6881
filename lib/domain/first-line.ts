import { restartCommand } from './break-glass-commands';
import { NOT_AS_THE_TABLE_SAYS, type VerdictCode } from './verdict-codes';

// The pod page's answer before its evidence: verdict, then what the next pod gets, then what to do about it.

export interface FirstLine {
  verdict: VerdictCode;
  nextPod: string;
  action: string;
  /** The kubectl that applies the table to the workload, when a restart is what to do. */
  command: string | null;
}

interface Input {
  verdict: VerdictCode;
  nextPod: string;
  namespace: string;
  workload: { kind: string; name: string } | null;
  kubectl: string;
}

const RESTARTABLE = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

/**
 * One container's first line, in words read at a glance: the action names what to act on. Only a stale pod of a
 * restartable workload is fixed by a restart; a stale pod without one is replaced by deleting it.
 */
export function firstLineFor({ verdict, nextPod, namespace, workload, kubectl }: Input): FirstLine {
  const next = nextPod.replace(/\.$/, '');
  if (verdict === 'stale' && workload && RESTARTABLE.has(workload.kind))
    return {
      verdict,
      nextPod: next,
      action: `Restart ${workload.kind.toLowerCase()}/${workload.name} to apply it`,
      command: restartCommand(kubectl, namespace, workload.kind, workload.name),
    };
  if (verdict === 'stale') return { verdict, nextPod: next, action: 'Delete the pod to apply it (no workload to restart)', command: null };
  const action = NOT_AS_THE_TABLE_SAYS.has(verdict) ? 'Read the evidence below' : 'Nothing to do';
  return { verdict, nextPod: next, action, command: null };
}
