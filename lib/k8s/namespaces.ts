import 'server-only';
import type { KubeClients } from './client';

/** A namespace's labels, which the webhook's namespaceSelector is matched against. */
export async function readNamespaceLabels(k: KubeClients, namespace: string): Promise<Record<string, string>> {
  const ns = await k.core.readNamespace({ name: namespace });
  return ns.metadata?.labels ?? {};
}

/** Every namespace's name, sorted, for the pod list's filter. */
export async function listNamespaceNames(k: KubeClients): Promise<string[]> {
  const list = await k.core.listNamespace();
  return list.items
    .map((ns) => ns.metadata?.name ?? '')
    .filter(Boolean)
    .sort();
}

export interface NamespaceLabels {
  name: string;
  labels: Record<string, string>;
}

/** Every namespace with its labels, sorted by name, for the webhook's covered/skipped namespaces. */
export async function listNamespaces(k: KubeClients): Promise<NamespaceLabels[]> {
  const list = await k.core.listNamespace();
  return list.items
    .map((n) => ({ name: n.metadata?.name ?? '', labels: n.metadata?.labels ?? {} }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
