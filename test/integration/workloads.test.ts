// GET /api/workloads (what /workloads lists) and a workload's rows across the recorded versions, against the local
// cluster: the rows are kubectl's table, the pod counts kubectl's pods, and the stale and drifted counts the
// scenario's (payments/api's pods were sized from an older row, 850Mi, than today's 900Mi; shop/web's from today's).
import { describe, expect, it } from 'vitest';
import { kubeconfig, kubectlJson, podsOfWorkload, requireCluster, requirePodWebhook, until } from './cluster';
import { bytes, scenarioWorkload } from './scenario';

requireCluster();
process.env.KUBECONFIG = kubeconfig('viewer');

type WorkloadSummary = import('@/lib/views/workloads-types').WorkloadSummary;
const workloads = await import('@/app/c/[cluster]/api/workloads/route');
const { readWorkloadHistory } = await import('@/lib/views/workload-history');
const { EVERYTHING } = await import('@/lib/domain/rights');
const { defaultCluster } = await import('@/lib/cluster/registry');
const { historyDb } = await import('@/lib/history');
const { recordTableVersion } = await import('@/lib/history/store');

const table = () => kubectlJson<{ data?: Record<string, string> }>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']).data ?? {};
const currentPods = (namespace: string, workload: string) =>
  podsOfWorkload(namespace, workload).filter((p) => !p.metadata.deletionTimestamp);

/** GET /api/workloads; while the pod cache fills after the file's first call it answers 503, then the list. */
async function list(): Promise<WorkloadSummary[]> {
  const get = () => workloads.GET(new Request('http://127.0.0.1:3000/api/workloads', { headers: { host: '127.0.0.1:3000' } }));
  const answer = await until('the workloads list once the caches are filled', async () => {
    const response = await get();
    return response.status === 503 ? null : response;
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as WorkloadSummary[];
}

describe('GET /api/workloads', () => {
  it("lists every row of kubectl's table under its workload, with the row's bytes", async () => {
    const listed = await list();
    const rows = Object.fromEntries(listed.flatMap((w) => w.rows.map((r) => [`${w.namespace}_${w.workload}_${r.container}`, r.bytes])));
    const expected = Object.fromEntries(Object.entries(table()).map(([key, quantity]) => [key, bytes(quantity)]));
    expect(rows).toEqual(expected);
  });

  it("counts each workload's current pods as kubectl lists them", async () => {
    const listed = await list();
    for (const [namespace, workload] of [
      ['shop', 'web'],
      ['payments', 'api'],
      ['shop', 'search'],
    ] as const) {
      const summary = listed.find((w) => w.namespace === namespace && w.workload === workload);
      expect({ workload, pods: summary?.pods }).toEqual({ workload, pods: currentPods(namespace, workload).length });
    }
  });

  it('counts stale and drifted pods as the scenario seeded them', async () => {
    requirePodWebhook(); // the scenario's pods were sized through it
    const api = scenarioWorkload('payments', 'api');
    // precondition of the case: the scenario sized payments/api's pods from an older row than today's
    expect(api.rowsAtCreation?.api).toBe('850Mi');
    expect(table()['payments_api_api']).toBe(api.rows?.api);
    const listed = await list();
    const counts = (namespace: string, workload: string) => {
      const w = listed.find((s) => s.namespace === namespace && s.workload === workload);
      return { workload: `${namespace}/${workload}`, stale: w?.stale, drifted: w?.drifted };
    };
    const apiPods = currentPods('payments', 'api').length;
    expect(apiPods).toBe(api.replicas);
    expect(counts('payments', 'api')).toEqual({ workload: 'payments/api', stale: apiPods, drifted: apiPods });
    expect(counts('shop', 'web')).toEqual({ workload: 'shop/web', stale: 0, drifted: 0 });
  });
});

describe("a workload's rows across the recorded versions", () => {
  it('gives each version, oldest first, holding only that workload’s rows', async () => {
    const db = await historyDb(); // this file's own store (test/integration/setup.ts)
    const at = (day: string) => ({ seenAt: new Date(`2026-11-${day}T04:15:00Z`), writtenAt: `2026-11-${day}T04:15:00Z` });
    await recordTableVersion(db, {
      data: { shop_web_app: '300Mi', shop_web_nginx: '24Mi', shop_api_api: '100Mi' },
      resourceVersion: '1',
      ...at('01'),
    });
    await recordTableVersion(db, { data: { shop_web_app: '450Mi', shop_api_api: '120Mi' }, resourceVersion: '2', ...at('02') });
    await recordTableVersion(db, { data: { shop_api_api: '130Mi' }, resourceVersion: '3', ...at('03') });
    const history = await readWorkloadHistory(defaultCluster(), { namespace: 'shop', workload: 'web' }, EVERYTHING);
    expect(history.versions.map((v) => ({ from: v.inForceFrom, data: v.data }))).toEqual([
      { from: '2026-11-01T04:15:00.000Z', data: { shop_web_app: '300Mi', shop_web_nginx: '24Mi' } },
      { from: '2026-11-02T04:15:00.000Z', data: { shop_web_app: '450Mi' } },
      { from: '2026-11-03T04:15:00.000Z', data: {} },
    ]);
  });
});
