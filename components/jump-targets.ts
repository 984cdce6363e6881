// What the Ctrl/Cmd-K jump offers for a search: the workloads of the pods found, then the pods themselves.
import { podHref, workloadHref } from '@/lib/routes';

export interface JumpTarget {
  href: string;
  label: string;
  kind: string;
}

interface FoundPod {
  namespace: string;
  name: string;
  workload: { kind: string; name: string } | null;
}

/** `web` searches every namespace; `shop/web` searches namespace shop (as pasted from an incident channel). */
export function parseJumpQuery(text: string): { namespace: string; name: string } {
  const trimmed = text.trim().toLowerCase();
  const slash = trimmed.indexOf('/');
  if (slash < 0) return { namespace: '', name: trimmed };
  return { namespace: trimmed.slice(0, slash), name: trimmed.slice(slash + 1) };
}

/** Distinct workloads first (a workload is usually what one looks for), then pods, in the order found. */
export function jumpTargets(pods: FoundPod[]): JumpTarget[] {
  const workloads = new Map<string, JumpTarget>();
  for (const p of pods) {
    if (!p.workload) continue;
    const href = workloadHref(p.namespace, p.workload.name);
    if (!workloads.has(href)) workloads.set(href, { href, label: `${p.namespace}/${p.workload.name}`, kind: p.workload.kind });
  }
  const podTargets = pods.map((p) => ({ href: podHref(p.namespace, p.name), label: `${p.namespace}/${p.name}`, kind: 'Pod' }));
  return [...workloads.values(), ...podTargets];
}
