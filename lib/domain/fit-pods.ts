import { sizedFrom } from './container-facts';
import { parseMemory } from './quantity';
import { rowKey } from './table';
import type { FitContainer, FitNode, FitPod, Taint, Toleration } from './fit-types';

// A pod's memory request as the scheduler and the quota admission count it: its containers' requests summed, or its
// largest init container's when that is more (init containers run one at a time, before the others). Pod overhead
// is not counted: memdash's pod cache does not keep it.

/** Whether the pod still holds its request: a pod that ended holds none, for the scheduler and the quota alike. */
export function holdsRequest(pod: FitPod): boolean {
  return pod.phase !== 'Succeeded' && pod.phase !== 'Failed';
}

export function podRequest(containers: FitContainer[], size: (c: FitContainer) => number): number {
  let sum = 0;
  let init = 0;
  for (const c of containers) {
    if (c.init) init = Math.max(init, size(c));
    else sum += size(c);
  }
  return Math.max(sum, init);
}

export const requestNow = (c: FitContainer): number => c.request ?? 0;

/**
 * What the container's next pod requests with the next table: its row, capped at its limit as the policy caps it.
 * Without a row (or a row that is no quantity), or when Kyverno does not see the pod, it keeps today's request.
 */
export function requestNext(pod: FitPod, next: Record<string, string>): (c: FitContainer) => number {
  return (c) => {
    if (!pod.sent || !pod.workload) return requestNow(c);
    const row = next[rowKey(pod.namespace, pod.workload, c.name)];
    const bytes = row === undefined ? null : parseMemory(row);
    return bytes === null ? requestNow(c) : sizedFrom(bytes, c.limit);
  };
}

/** The nodes the pod may run on: selectors and taints honoured; affinity and topology spread are not. */
export function mayRunOn(pod: FitPod, node: FitNode): boolean {
  if (node.unschedulable) return false;
  for (const [key, value] of Object.entries(pod.nodeSelector)) if (node.labels[key] !== value) return false;
  return node.taints.every((t) => t.effect === 'PreferNoSchedule' || pod.tolerations.some((tol) => tolerates(tol, t)));
}

/** Kubernetes' toleration match: an empty key with Exists matches every taint; an empty effect every effect. */
export function tolerates(tol: Toleration, taint: Taint): boolean {
  if (tol.effect && tol.effect !== taint.effect) return false;
  if (!tol.key) return tol.operator === 'Exists';
  if (tol.key !== taint.key) return false;
  return tol.operator === 'Exists' || (tol.value ?? '') === (taint.value ?? '');
}
