// The GlobalContextEntry's view of the table: a watch of the ConfigMaps in kyverno-prd (its kubernetesResource), so a
// new table reaches the next pod without a restart. With the `table unreadable` switch its list is made with a
// token the API server does not know, and the API server's refusal is the failed load.
import { api, type Api, type KubeObject } from '../lib/api.ts';
import { NAMESPACE, TABLE } from './names.ts';

export interface TableView {
  /** the table's data; null when the ConfigMap has none or the entry has not loaded */
  rows: Record<string, string> | null;
  loaded: boolean;
  error: string | null;
}

interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}

const REVOKED_TOKEN = 'memdash-harness-revoked-token';

export interface TableLoader {
  view(): TableView;
  stop(): void;
}

export function loadTable(readable: boolean, onChange: (view: TableView) => void): TableLoader {
  let current: TableView = { rows: null, loaded: false, error: null };
  const client: Api = readable ? api() : api(REVOKED_TOKEN);
  const update = (next: TableView) => {
    const changed = JSON.stringify(next) !== JSON.stringify(current);
    current = next;
    if (changed) onChange(current);
  };
  const stop = client.informer<ConfigMap>(
    `/api/v1/namespaces/${NAMESPACE}/configmaps`,
    (items) => {
      const data = items.find((c) => c.metadata.name === TABLE)?.data;
      update({ rows: data && Object.keys(data).length > 0 ? data : null, loaded: true, error: null });
    },
    (error) => update({ rows: null, loaded: false, error: `failed to sync cache for /v1, Resource=configmaps: ${error.message}` }),
  );
  return { view: () => current, stop };
}
