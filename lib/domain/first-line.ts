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

/** One container's first line. Only a stale pod of a restartable workload is fixed by a restart. */
export function firstLineFor({ verdict, nextPod, namespace, workload, kubectl }: Input): FirstLine {
  const next = nextPod.replace(/\.$/, '');
  if (verdict === 'stale' && workload && RESTARTABLE.has(workload.kind))
    return {
      verdict,
      nextPod: next,
      action: 'restart the workload to apply it',
      command: restartCommand(kubectl, namespace, workload.kind, workload.name),
    };
  if (verdict === 'stale') return { verdict, nextPod: next, action: 'delete the pod to apply it', command: null };
  const action = NOT_AS_THE_TABLE_SAYS.has(verdict) ? 'see the evidence below' : 'nothing to do';
  return { verdict, nextPod: next, action, command: null };
}
