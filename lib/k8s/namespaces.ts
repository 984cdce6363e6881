import 'server-only';
import type { KubeClients } from './client';
import { derived, readCaches, whenFresh } from './caches';
import type { Informer } from './informer';
import type { slimNamespace } from './slim';

export interface NamespaceLabels {
  name: string;
  labels: Record<string, string>;
}

/** A namespace's labels, which the webhook's namespaceSelector is matched against. */
export async function readNamespaceLabels(k: KubeClients, namespace: string): Promise<Record<string, string>> {
  const cached = whenFresh(readCaches().namespaces, (c) => c.get(undefined, namespace)?.metadata.labels);
  if (cached) return cached;
  // not cached (behind, or too new for it): the API server's answer, its 404 included
  const ns = await k.core.readNamespace({ name: namespace });
  return ns.metadata?.labels ?? {};
}

/** Every namespace's name, sorted, for the pod list's filter. */
export async function listNamespaceNames(k: KubeClients): Promise<string[]> {
  return (await listNamespaces(k))
    .map((n) => n.name)
    .filter(Boolean)
    .sort();
}

/** Every namespace with its labels, sorted by name, for the webhook's covered/skipped namespaces. */
export async function listNamespaces(k: KubeClients): Promise<NamespaceLabels[]> {
  const cached = whenFresh(readCaches().namespaces, sortedNamespaces);
  if (cached) return cached;
  const list = await k.core.listNamespace();
  return namespacesOf(list.items);
}

const sortedNamespaces = derived((cache: Informer<ReturnType<typeof slimNamespace>>) => namespacesOf(cache.list()));

function namespacesOf(items: Array<{ metadata?: { name?: string; labels?: Record<string, string> } }>): NamespaceLabels[] {
  return items
    .map((n) => ({ name: n.metadata?.name ?? '', labels: n.metadata?.labels ?? {} }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
