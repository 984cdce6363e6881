// The table rewritten on a schedule, as a busy team does: a snapshot run through memdash (a write with the operator's
// credential, so audited), and by hand with kubectl's server-side apply under two field managers, one of them
// returning a row to what it was before. Each write's resulting content is kept, in order: the history must record
// the same contents in the same order.
import { readFileSync } from 'node:fs';
import { api, type Api } from '../../e2e/cluster/lib/api.ts';
import { kubeconfigPath } from '../../e2e/cluster/lib/paths.ts';
import { NAMESPACE, TABLE } from '../../e2e/cluster/kyverno/names.ts';

export type TableData = Record<string, string>;

export interface TableWrite {
  at: string;
  by: 'snapshot' | 'alice' | 'bob';
  /** The table as it stood once the write was done, or null when the write failed. */
  data: TableData | null;
  error?: string;
}

const ROW = 'memdash-soak_soak_app';

interface ConfigMap {
  data?: TableData;
}

const tablePath = `/api/v1/namespaces/${NAMESPACE}/configmaps/${TABLE}`;

export const readTable = async (client: Api = api()): Promise<TableData> => (await client.call<ConfigMap>('GET', tablePath)).data ?? {};

/** The same content whatever the order of its keys. */
export const sameTable = (a: TableData | null, b: TableData | null) => canonical(a) === canonical(b);
export const canonical = (data: TableData | null) =>
  data === null
    ? 'null'
    : JSON.stringify(
        Object.keys(data)
          .sort()
          .map((k) => [k, data[k]]),
      );

/** One row, set or removed, by `manager` with server-side apply (force: the other manager may own it). */
async function applyRow(client: Api, manager: string, value: string | null): Promise<TableData> {
  const patch = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: TABLE, namespace: NAMESPACE },
    data: value === null ? {} : { [ROW]: value },
  };
  const path = `${tablePath}?fieldManager=${manager}&force=true`;
  return ((await client.call<ConfigMap>('PATCH', path, patch, 'application/apply-patch+yaml')).data ?? {}) as TableData;
}

/** POST /api/snapshot/runs as the operator, then the Job's end (or 4 min); gives the Job's name. */
async function runSnapshot(url: string, client: Api): Promise<string> {
  const token = /token: (\S+)/.exec(readFileSync(kubeconfigPath('operator'), 'utf8'))?.[1];
  if (!token) throw new Error('no operator token in the local cluster');
  const answer = await fetch(`${url}/api/snapshot/runs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, origin: url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body: '{}',
  });
  if (answer.status !== 201) throw new Error(`snapshot run refused: HTTP ${answer.status} ${await answer.text()}`);
  const { job } = (await answer.json()) as { job: string };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const status = (
      await client.call<{ status?: { succeeded?: number; failed?: number } }>('GET', `/apis/batch/v1/namespaces/${NAMESPACE}/jobs/${job}`)
    ).status;
    if (status?.succeeded || (status?.failed ?? 0) > 0) return job;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`snapshot Job ${job} did not end within 4 min`);
}

/**
 * The n-th write of the schedule: a snapshot run; alice sets the row; bob sets it too (forcing, so he owns it now);
 * bob removes it, which returns the table to its content after the snapshot.
 */
export async function writeTable(n: number, url: string): Promise<TableWrite> {
  const client = api();
  const at = new Date().toISOString();
  const step = n % 4;
  const by = step === 0 ? 'snapshot' : step === 1 ? 'alice' : 'bob';
  try {
    if (step === 0) {
      await runSnapshot(url, client);
      return { at, by, data: await readTable(client) };
    }
    const value = step === 1 ? `${100 + n}Mi` : step === 2 ? `${500 + n}Mi` : null;
    return { at, by, data: await applyRow(client, `memdash-soak-${by}`, value) };
  } catch (err) {
    return { at, by, data: null, error: (err as Error).message };
  }
}
