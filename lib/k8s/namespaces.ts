import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { derived, whenFresh } from './caches';
import type { Informer } from './informer';
import type { slimNamespace } from './slim';

export interface NamespaceLabels {
  name: string;
  labels: Record<string, string>;
}

/** A namespace's labels, which the webhook's namespaceSelector is matched against. */
export async function readNamespaceLabels(cluster: Cluster, namespace: string): Promise<Record<string, string>> {
  const cached = whenFresh(cluster.caches().namespaces, (c) => c.get(undefined, namespace)?.metadata.labels);
  if (cached) return cached;
  // not cached (behind, or too new for it): the API server's answer, its 404 included
  const ns = await cluster.clients().core.readNamespace({ name: namespace });
  return ns.metadata?.labels ?? {};
}

/** Every namespace's name, sorted, for the pod list's filter. */
export async function listNamespaceNames(cluster: Cluster): Promise<string[]> {
  return (await listNamespaces(cluster))
    .map((n) => n.name)
    .filter(Boolean)
    .sort();
}

/** Every namespace with its labels, sorted by name, for the webhook's covered/skipped namespaces. */
export async function listNamespaces(cluster: Cluster): Promise<NamespaceLabels[]> {
  const cached = whenFresh(cluster.caches().namespaces, sortedNamespaces);
  if (cached) return cached;
  const list = await cluster.clients().core.listNamespace();
  return namespacesOf(list.items);
}

const sortedNamespaces = derived((cache: Informer<ReturnType<typeof slimNamespace>>) => namespacesOf(cache.list()));

function namespacesOf(items: Array<{ metadata?: { name?: string; labels?: Record<string, string> } }>): NamespaceLabels[] {
  return items
    .map((n) => ({ name: n.metadata?.name ?? '', labels: n.metadata?.labels ?? {} }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
