import 'server-only';
import type { V1ConfigMap } from '@kubernetes/client-node';
import type { Cluster } from '@/lib/cluster/cluster';
import { lastWriteOf, parseTable, type TableState } from '@/lib/domain';
import { readOrNull } from './client';
import { derived, whenFresh } from './caches';
import type { Informer, RawObject } from './informer';

export interface TableRead extends TableState {
  /** False when the ConfigMap itself does not exist (the chart creates it without data, so this is unusual). */
  exists: boolean;
}

/** The table ConfigMap, with its managedFields: the last write time comes from them. */
export async function readTableConfigMap(cluster: Cluster): Promise<V1ConfigMap | null> {
  const { kyvernoNamespace, tableConfigMap } = cluster.facts;
  return readOrNull(() => cluster.clients().core.readNamespacedConfigMap({ namespace: kyvernoNamespace, name: tableConfigMap }));
}

/**
 * The table as it is now: its rows (a ConfigMap without data is no table) and when it was last written. From the
 * watch-fed cache, parsed once per write (shared: callers do not change it); read directly while the cache is behind.
 */
export async function readTable(cluster: Cluster): Promise<TableRead> {
  return whenFresh(cluster.caches().table, cachedTable) ?? tableOf(await readTableConfigMap(cluster));
}

/**
 * The table's raw data as the snapshot job reads it (null data when the ConfigMap has none), or null when the
 * ConfigMap does not exist: from the watch-fed cache, read directly while the cache is behind.
 */
export async function readTableData(cluster: Cluster): Promise<{ data: Record<string, string> | null } | null> {
  const cached = whenFresh(cluster.caches().table, (cache) => (cache.list()[0] as V1ConfigMap | undefined) ?? null);
  const configMap = cached ?? (await readTableConfigMap(cluster));
  return configMap ? { data: configMap.data ?? null } : null;
}

const cachedTable = derived((cache: Informer<RawObject>) => tableOf((cache.list()[0] as V1ConfigMap | undefined) ?? null));

function tableOf(configMap: V1ConfigMap | null): TableRead {
  return {
    exists: configMap !== null,
    parsed: parseTable(configMap?.data),
    lastWriteAt: configMap ? lastWriteOf(configMap) : null,
  };
}
