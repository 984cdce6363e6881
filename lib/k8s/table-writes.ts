import 'server-only';
import { PatchStrategy, setHeaderOptions, type V1ConfigMap } from '@kubernetes/client-node';
import type { Cluster } from '@/lib/cluster/cluster';
import { AppError, toAppError } from '@/lib/errors';
import { FIELD_MANAGER, type KubeClients } from './client';

// The two writes of the table the runbook makes by hand: remove its data (so the snapshot's guard compares against
// nothing) and put a saved table back (a merge patch of {data}). Both act with the operator's write credential, and
// both carry the resourceVersion of the table the operator was shown: the API server refuses the write (409) when
// the table was written since, so no one removes or replaces rows they have not seen.

/** The refusal when the table is not the one the operator was shown. */
export function tableMoved(): AppError {
  return new AppError('conflict', 'The table changed since you looked: reload and check again');
}

/** Refuses (409) when the table read now is not the version the operator was shown. */
export function assertTableAsShown(configMap: V1ConfigMap, shownResourceVersion: string): void {
  if (configMap.metadata?.resourceVersion !== shownResourceVersion) throw tableMoved();
}

/** The table as `kubectl get configmap -o json` prints it (no managedFields), read with the write credential. */
export async function readTableForSave(cluster: Cluster, k: KubeClients): Promise<V1ConfigMap> {
  const { kyvernoNamespace: namespace, tableConfigMap: name } = cluster.facts;
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

/**
 * `kubectl patch configmap <table> --type=json -p '[{"op":"remove","path":"/data"}]'`, with the resourceVersion
 * shown set first: the patched object then carries it, and the API server refuses it as a conflict when the table
 * moved (a `test` op would be refused as invalid, 422, not as the conflict it is).
 */
export async function removeTableData(cluster: Cluster, k: KubeClients, shownResourceVersion: string): Promise<V1ConfigMap> {
  const { kyvernoNamespace: namespace, tableConfigMap: name } = cluster.facts;
  const body = [
    { op: 'replace', path: '/metadata/resourceVersion', value: shownResourceVersion },
    { op: 'remove', path: '/data' },
  ];
  return asShown(() =>
    k.core.patchNamespacedConfigMap(
      { namespace, name, body, fieldManager: FIELD_MANAGER },
      setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
    ),
  );
}

/**
 * `kubectl patch configmap <table> --type=merge -p '{"data": …}'`. A merge patch keeps rows it does not name, so the
 * rows the table holds and the saved one lacks are named with null: afterwards the data is the saved data exactly.
 * `current` is the table as shown (its resourceVersion is the patch's precondition), so the nulls are its rows.
 */
export async function mergeTableData(
  cluster: Cluster,
  k: KubeClients,
  saved: Record<string, string>,
  current: V1ConfigMap,
): Promise<V1ConfigMap> {
  const { kyvernoNamespace: namespace, tableConfigMap: name } = cluster.facts;
  const removed = Object.fromEntries(
    Object.keys(current.data ?? {})
      .filter((key) => !(key in saved))
      .map((key) => [key, null]),
  );
  const resourceVersion = current.metadata?.resourceVersion;
  if (!resourceVersion) throw new AppError('cluster-error', `ConfigMap ${namespace}/${name} has no resourceVersion`);
  const body = { metadata: { resourceVersion }, data: { ...removed, ...saved } };
  return asShown(() =>
    k.core.patchNamespacedConfigMap(
      { namespace, name, body, fieldManager: FIELD_MANAGER },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    ),
  );
}

/** A patch's 409 is its resourceVersion that no longer holds: said as the table having moved. */
async function asShown(patch: () => Promise<V1ConfigMap>): Promise<V1ConfigMap> {
  try {
    return await patch();
  } catch (err) {
    if (toAppError(err).code === 'conflict') throw tableMoved();
    throw err;
  }
}
