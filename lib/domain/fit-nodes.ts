import { parseMemory } from './quantity';
import { mayRunOn } from './fit-pods';
import type { FitNode, FitPod, NodeFit, NowherePod, WorkloadAdd } from './fit-types';

/** A pod with its request today and with the next table, as the node and quota rules read it. */
export interface SizedPod {
  namespace: string;
  name: string;
  workload: string | null;
  node: string | null;
  now: number;
  next: number;
  pod: FitPod;
}

const TOP = 5;

/** Each node's allocatable beside the requests of the pods on it, today and with the next table. */
export function nodeFits(nodes: FitNode[], pods: SizedPod[], notes: string[]): NodeFit[] {
  const byNode = new Map<string, SizedPod[]>();
  for (const p of pods) {
    if (!p.node) continue;
    const list = byNode.get(p.node);
    if (list) list.push(p);
    else byNode.set(p.node, [p]);
  }
  return nodes.map((node) => {
    const allocatable = allocatableOf(node, notes);
    const on = byNode.get(node.name) ?? [];
    const now = on.reduce((s, p) => s + p.now, 0);
    const next = on.reduce((s, p) => s + p.next, 0);
    return {
      name: node.name,
      allocatable,
      pods: on.length,
      now,
      next,
      overNow: allocatable !== null && now > allocatable,
      overNext: allocatable !== null && next > allocatable,
      top: topAdds(on),
    };
  });
}

function allocatableOf(node: FitNode, notes: string[]): number | null {
  if (node.allocatable === null) {
    notes.push(`Node ${node.name} reports no allocatable memory: its room is unknown, and it is left out of "fits on no node".`);
    return null;
  }
  const bytes = parseMemory(node.allocatable);
  if (bytes === null) notes.push(`Node ${node.name}'s allocatable memory "${node.allocatable}" is no quantity: its room is unknown.`);
  return bytes;
}

/** The workloads whose pods add the most with the next table, largest first; only those that add. */
export function topAdds(pods: SizedPod[], limit = TOP): WorkloadAdd[] {
  const byWorkload = new Map<string, WorkloadAdd>();
  for (const p of pods) {
    if (!p.workload || p.next === p.now) continue;
    const id = `${p.namespace}/${p.workload}`;
    const add = byWorkload.get(id) ?? { namespace: p.namespace, workload: p.workload, pods: 0, adds: 0 };
    add.pods++;
    add.adds += p.next - p.now;
    byWorkload.set(id, add);
  }
  return [...byWorkload.values()]
    .filter((a) => a.adds > 0)
    .sort((a, b) => b.adds - a.adds)
    .slice(0, limit);
}

/**
 * Pods whose next request fits on no node they may run on: a node's room is its allocatable less the requests on it
 * today, the pod's own included back when it runs there (its next pod takes its place). A node without allocatable
 * gives no answer: a pod that may run only on such nodes is not listed.
 */
export function fitsNowhere(nodes: FitNode[], fits: NodeFit[], pods: SizedPod[]): NowherePod[] {
  const room = new Map(fits.map((f) => [f.name, f.allocatable === null ? null : f.allocatable - f.now]));
  const nowhere: NowherePod[] = [];
  for (const p of pods) {
    const eligible = nodes.filter((n) => mayRunOn(p.pod, n));
    if (eligible.some((n) => (room.get(n.name) ?? null) === null)) continue;
    const most = eligible.length === 0 ? null : Math.max(...eligible.map((n) => roomFor(p, n.name, room.get(n.name)!)));
    if (most !== null && p.next <= most) continue;
    const { namespace, name: pod, workload, node, now, next } = p;
    nowhere.push({ namespace, pod, workload, node, now, next, room: most, eligible: eligible.length });
  }
  return nowhere;
}

function roomFor(p: SizedPod, node: string, room: number): number {
  return p.node === node ? room + p.now : room;
}
