import { fitsNowhere, nodeFits, type SizedPod } from './fit-nodes';
import { holdsRequest, podRequest, requestNext, requestNow } from './fit-pods';
import { limitBreaches } from './fit-limits';
import { quotaFits } from './fit-quotas';
import type { FitInput, FitReport, QuotaFit } from './fit-types';

// Will the next table fit? Kyverno gives each workload's next pod its new row; the scheduler and the quota admission
// then see the new request. Each pod of today is replaced, in thought, by its next pod.

const NOWHERE_SHOWN = 50;

/** Who the answer is for: the namespaces they may see, and (a workload's panel) one workload. */
export interface FitFocus {
  sees(namespace: string): boolean;
  workload?: { namespace: string; name: string };
}

export function nextTableFit(input: FitInput, focus: FitFocus = { sees: () => true }): FitReport {
  const notes: string[] = [];
  const sized: SizedPod[] = input.pods.filter(holdsRequest).map((pod) => ({
    namespace: pod.namespace,
    name: pod.name,
    workload: pod.workload,
    node: pod.nodeName,
    now: podRequest(pod.containers, requestNow),
    next: podRequest(pod.containers, requestNext(pod, input.next)),
    pod,
  }));
  const nodes = nodeFits(input.nodes, sized, notes);
  // a quota of a namespace they do not see is never judged for them: its notes would name it
  const quotas = quotaFits(
    input.quotas.filter((q) => focus.sees(q.namespace)),
    sized,
    notes,
  );
  const nowhere = fitsNowhere(input.nodes, nodes, sized);
  const breaches = limitBreaches(
    input.limits,
    sized.map((s) => s.pod),
    input.next,
  );
  if (input.nodes.length === 0) notes.push('No node could be read: the fit in nodes is unknown.');
  const report: FitReport = {
    pods: sized.length,
    changed: sized.filter((p) => p.next !== p.now).length,
    nodes,
    nowhere,
    nowhereTotal: nowhere.length,
    quotas,
    breaches,
    notes,
    warnings: [],
    unreadNamespaces: 0,
  };
  return cut(report, focus, sized, input);
}

/**
 * The report cut to what they may see, and to one workload when asked; the warnings are made from the cut report.
 * Pods are counted only in the namespaces they see, the others' namespaces only counted; a node's memory stays whole,
 * as its room is what decides whether their pods fit.
 */
function cut(report: FitReport, focus: FitFocus, sized: SizedPod[], input: FitInput): FitReport {
  const w = focus.workload;
  const seen = sized.filter((p) => focus.sees(p.namespace));
  const onNode = (node: string) => seen.filter((p) => p.node === node).length;
  const unread = new Set([...sized, ...input.quotas].map((x) => x.namespace).filter((ns) => !focus.sees(ns)));
  const mine = (ns: string, workload: string | null) => focus.sees(ns) && (!w || (w.namespace === ns && w.name === workload));
  const hosts = w ? new Set(sized.filter((p) => mine(p.namespace, p.workload)).map((p) => p.node)) : null;
  const nowhere = report.nowhere.filter((p) => mine(p.namespace, p.workload));
  const quotas = report.quotas
    .filter((q) => focus.sees(q.namespace) && (!w || q.namespace === w.namespace))
    .map((q) => ({ ...q, refused: q.refused.filter((r) => mine(r.namespace, r.workload)) }));
  const nodes = report.nodes
    .filter((n) => !hosts || hosts.has(n.name))
    .map((n) => ({ ...n, pods: onNode(n.name), top: n.top.filter((t) => focus.sees(t.namespace)) }));
  const cutReport = {
    ...report,
    pods: seen.length,
    changed: seen.filter((p) => p.next !== p.now).length,
    unreadNamespaces: unread.size,
    nodes,
    nowhere: nowhere.slice(0, NOWHERE_SHOWN),
    nowhereTotal: nowhere.length,
    quotas,
    breaches: report.breaches.filter((b) => mine(b.namespace, b.workload)),
  };
  return { ...cutReport, warnings: fitWarnings(cutReport) };
}

/** One line per trouble, to stand beside the guard's verdict. */
export function fitWarnings(report: Omit<FitReport, 'warnings'>): string[] {
  const lines = report.quotas.filter((q) => q.overNext || q.refused.length > 0).map(quotaWarning);
  const over = report.nodes.filter((n) => n.overNext && !n.overNow).map((n) => n.name);
  if (over.length > 0)
    lines.push(`${over.length === 1 ? 'node' : 'nodes'} ${names(over)} ${over.length === 1 ? 'is' : 'are'} over-committed`);
  if (report.nowhereTotal > 0)
    lines.push(`${report.nowhereTotal === 1 ? "1 pod's next request fits" : `${report.nowhereTotal} pods' next requests fit`} on no node`);
  const ranges = new Set(report.breaches.map((b) => `${b.workload}'s next pod`));
  if (ranges.size > 0) lines.push(`a LimitRange refuses ${names([...ranges])}`);
  return lines;
}

function quotaWarning(q: QuotaFit): string {
  const refused = q.refused.map((r) => r.workload);
  const goes = q.overNext ? `namespace ${q.namespace} goes over its quota` : `namespace ${q.namespace}'s quota is nearly full`;
  if (refused.length === 0) return goes;
  return `${goes}: ${names(refused.map((r) => `${r}'s`))} next ${refused.length === 1 ? 'pod is' : 'pods are'} refused`;
}

function names(list: string[], shown = 3): string {
  const head = list.slice(0, shown);
  const more = list.length - head.length;
  const joined = head.length <= 1 ? (head[0] ?? '') : `${head.slice(0, -1).join(', ')} and ${head.at(-1)}`;
  return more > 0 ? `${head.join(', ')} and ${more} more` : joined;
}
