// What the Ctrl/Cmd-K jump offers for a search: the pages whose name starts with it, the workloads of the pods found,
// then the pods themselves, each in the cluster it was found in (the page's cluster first).
import { hereFirst } from '@/lib/domain/across';
import { clusterHref, podHref, workloadHref } from '@/lib/routes';

export interface JumpTarget {
  href: string;
  label: string;
  kind: string;
  /** The cluster a pod or workload was found in (the search is of every cluster the asker reads); none for a page. */
  cluster?: string;
}

interface FoundPod {
  cluster: string;
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

/**
 * Distinct workloads first (a workload is usually what one looks for), then pods, each linking into its own cluster;
 * in each, those of `here` (the page's cluster) first, then the others in the order found.
 */
export function jumpTargets(here: string | null, pods: readonly FoundPod[]): JumpTarget[] {
  const ordered = hereFirst(pods, here);
  const workloads = new Map<string, JumpTarget>();
  for (const p of ordered) {
    if (!p.workload) continue;
    const href = workloadHref(p.cluster, p.namespace, p.workload.name);
    if (!workloads.has(href))
      workloads.set(href, { href, label: `${p.namespace}/${p.workload.name}`, kind: p.workload.kind, cluster: p.cluster });
  }
  const podTargets = ordered.map((p) => ({
    href: podHref(p.cluster, p.namespace, p.name),
    label: `${p.namespace}/${p.name}`,
    kind: 'Pod',
    cluster: p.cluster,
  }));
  return [...workloads.values(), ...podTargets];
}

/**
 * The pages whose label starts with the text typed ("web" → Webhook); none for `namespace/name` or nothing typed.
 * `pages`: those the asker may open (lib/http/viewer's navigationOfPage), never all of NAVIGATION.
 */
export function pageTargets(cluster: string, text: string, pages: ReadonlyArray<{ href: string; label: string }>): JumpTarget[] {
  const typed = text.trim().toLowerCase();
  if (!typed || typed.includes('/')) return [];
  return pages
    .filter((p) => p.label.toLowerCase().startsWith(typed))
    .map((p) => ({ href: clusterHref(cluster, p.href), label: p.label, kind: 'Page' }));
}
