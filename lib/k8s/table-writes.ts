import 'server-only';
import { PatchStrategy, setHeaderOptions, type V1ConfigMap } from '@kubernetes/client-node';
import { settings } from '@/lib/config';
import type { KubeClients } from './client';

// The two writes of the table the runbook makes by hand: remove its data (so the snapshot's guard compares against
// nothing) and put a saved table back (a merge patch of {data}). Both act with the operator's write credential.

/** The table as `kubectl get configmap -o json` prints it (no managedFields), read with the write credential. */
export async function readTableForSave(k: KubeClients): Promise<V1ConfigMap> {
  const { kyvernoNamespace: namespace, tableConfigMap: name } = settings();
  const configMap = await k.core.readNamespacedConfigMap({ namespace, name });
  if (configMap.metadata) delete configMap.metadata.managedFields;
  return configMap;
}

/** The file the runbook's save writes: the ConfigMap as `kubectl get configmap -o json` prints it (4-space indent). */
export function savedTableJson(configMap: V1ConfigMap): string {
  const m = configMap.metadata ?? {};
  const time = (d: Date | undefined) => d?.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const metadata = {
    ...(m.annotations && { annotations: m.annotations }),
    creationTimestamp: time(m.creationTimestamp),
    ...(m.labels && { labels: m.labels }),
    name: m.name,
    namespace: m.namespace,
    resourceVersion: m.resourceVersion,
    uid: m.uid,
  };
  return `${JSON.stringify({ apiVersion: 'v1', ...(configMap.data && { data: configMap.data }), kind: 'ConfigMap', metadata }, null, 4)}\n`;
}

/** `kubectl patch configmap <table> --type=json -p '[{"op":"remove","path":"/data"}]'`. */
export async function removeTableData(k: KubeClients): Promise<V1ConfigMap> {
  const { kyvernoNamespace: namespace, tableConfigMap: name } = settings();
  return k.core.patchNamespacedConfigMap(
    { namespace, name, body: [{ op: 'remove', path: '/data' }] },
    setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
  );
}

/**
 * `kubectl patch configmap <table> --type=merge -p '{"data": …}'`. A merge patch keeps rows it does not name, so the
 * rows the table holds and the saved one lacks are named with null: afterwards the data is the saved data exactly.
 */
export async function mergeTableData(
  k: KubeClients,
  saved: Record<string, string>,
  current: Record<string, string> | undefined,
): Promise<V1ConfigMap> {
  const { kyvernoNamespace: namespace, tableConfigMap: name } = settings();
  const removed = Object.fromEntries(
    Object.keys(current ?? {})
      .filter((key) => !(key in saved))
      .map((key) => [key, null]),
  );
  return k.core.patchNamespacedConfigMap(
    { namespace, name, body: { data: { ...removed, ...saved } } },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
}
