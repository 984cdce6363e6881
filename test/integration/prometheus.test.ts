// The Prometheus client against the real local Prometheus, and against the ways a real one fails: nobody listening,
// too slow for the timeout, a query it refuses, and an answer that is not a query_range matrix (a 404 page).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prometheusUrl } from '../../e2e/cluster/lib/prometheus.ts';
import { freePort } from '../../e2e/cluster/lib/ports.ts';
import { kubeconfig, podOf, PreconditionFailed, requireCluster } from './cluster';
import { forgetClusters } from './fresh-clusters';

const cluster = requireCluster();
const prometheus = prometheusUrl(cluster);
process.env.KUBECONFIG = kubeconfig('viewer');
const end = Math.floor(Date.now() / 1000);
const start = end - 28 * 86400;
const saved = { url: process.env.MEMDASH_PROMETHEUS_URL, timeout: process.env.MEMDASH_PROMETHEUS_TIMEOUT_MS };

/**
 * The client module as a server configured with `env` would load it (settings are read once per process), and a
 * cluster whose Prometheus is at `env.url`; the default cluster is made afresh from the same settings.
 */
async function clientWith(env: { url: string; timeoutMs?: number }) {
  process.env.MEMDASH_PROMETHEUS_URL = env.url;
  if (env.timeoutMs) process.env.MEMDASH_PROMETHEUS_TIMEOUT_MS = String(env.timeoutMs);
  else delete process.env.MEMDASH_PROMETHEUS_TIMEOUT_MS;
  vi.resetModules();
  forgetClusters(); // the routes' default cluster, made again from these settings
  const { makeCluster } = await import('@/lib/cluster/cluster');
  const { factsFromSettings } = await import('@/lib/cluster/facts');
  const { settings } = await import('@/lib/config');
  const target = makeCluster({
    name: 'test',
    inCluster: false,
    identity: { usernamePrefix: '', groupsPrefix: '', writeAsUser: true },
    prometheus: { url: env.url },
    facts: factsFromSettings(settings()),
  });
  return { target, ...(await import('@/lib/prometheus/client')) };
}

/** The instant reader of a pod's newest working set, loaded as clientWith loads the client. */
async function latestWith(env: { url: string }) {
  const { target } = await clientWith(env);
  return { target, ...(await import('@/lib/prometheus/pod-latest')) };
}

/** Prometheus's own instant answer for one pod's containers at `time`: container name to [time, bytes]. */
async function ownInstant(namespace: string, pod: string, time: number): Promise<Map<string, { at: number; bytes: number }>> {
  const body = new URLSearchParams({
    query: `container_memory_working_set_bytes{namespace="${namespace}",pod="${pod}",container!="",container!="POD"}`,
    time: String(time),
  });
  const answer = (await (await fetch(`${prometheus}/api/v1/query`, { method: 'POST', body })).json()) as {
    data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
  };
  return new Map(answer.data.result.map((s) => [s.metric.container!, { at: s.value[0], bytes: Number(s.value[1]) }]));
}

afterEach(() => {
  for (const [key, value] of [
    ['MEMDASH_PROMETHEUS_URL', saved.url],
    ['MEMDASH_PROMETHEUS_TIMEOUT_MS', saved.timeout],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe('the Prometheus client', () => {
  it("reads a workload's 28 days at 300 s, one series per pod and container", async () => {
    const { target, workloadSeries } = await clientWith({ url: prometheus });
    const series = await workloadSeries(target, 'payments', 'api', start, end, 300);
    expect(series.length).toBeGreaterThan(2);
    expect(series.every((s) => s.container === 'api' && s.pod.startsWith('api-'))).toBe(true);
    expect(series.reduce((n, s) => n + s.values.length, 0)).toBeGreaterThan(7000);
    expect(series[0]!.values[0]).toEqual([expect.any(Number), expect.any(Number)]);
  });

  it("reads a pod's newest working set per container as Prometheus's own instant query answers it", async () => {
    const backfillEnd = cluster.backfillEnd;
    if (!backfillEnd) throw new PreconditionFailed('the local Prometheus was never backfilled', 'npm run cluster:up');
    const pod = podOf('payments', 'api');
    const expected = await ownInstant('payments', pod, backfillEnd);
    if (expected.size === 0) throw new Error(`precondition: Prometheus holds a sample of payments/${pod} at the backfill's end`);
    const { target, readPodLatest } = await latestWith({ url: prometheus });
    expect(await readPodLatest(target, 'payments', pod, backfillEnd)).toEqual(expected);
    // an hour after the last sample, beyond Prometheus's lookback: nothing, and the pod page keeps the window's latest
    expect((await readPodLatest(target, 'payments', pod, backfillEnd + 3600)).size).toBe(0);
  });

  it('calls an answer that is not an instant vector garbage, and a Prometheus nobody answers for unreachable', async () => {
    const pod = podOf('payments', 'api');
    const now = Math.floor(Date.now() / 1000);
    const graph = await latestWith({ url: `${prometheus}/graph/` });
    await expect(graph.readPodLatest(graph.target, 'payments', pod, now)).rejects.toMatchObject({
      kind: 'garbage',
      message: expect.stringMatching(/not an instant vector/),
    });
    const nobody = await latestWith({ url: `http://127.0.0.1:${await freePort()}` });
    const unreachable = nobody.readPodLatest(nobody.target, 'payments', pod, now);
    await expect(unreachable).rejects.toMatchObject({ kind: 'unreachable' });
  });

  it('says Prometheus cannot be reached when nothing listens', async () => {
    const { target, workloadSeries } = await clientWith({ url: `http://127.0.0.1:${await freePort()}` });
    await expect(workloadSeries(target, 'payments', 'api', start, end, 300)).rejects.toMatchObject({
      kind: 'unreachable',
      message: expect.stringMatching(/cannot be reached/),
    });
  });

  it('gives up after the timeout', async () => {
    const { target, workloadSeries } = await clientWith({ url: prometheus, timeoutMs: 1 });
    await expect(workloadSeries(target, 'payments', 'api', start, end, 300)).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/MEMDASH_PROMETHEUS_TIMEOUT_MS/),
    });
  });

  it("passes on Prometheus's own refusal of a query", async () => {
    const { target, queryRange } = await clientWith({ url: prometheus });
    await expect(queryRange(target, { query: 'sum(', start, end, step: 300 })).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/bad_data/),
    });
  });

  it("through the workload route: the chart's place says Prometheus cannot be reached, and the route still answers 200", async () => {
    await clientWith({ url: `http://127.0.0.1:${await freePort()}` });
    const route = await import('@/app/c/[cluster]/api/workloads/[namespace]/[workload]/memory/route');
    const params = Promise.resolve({ namespace: 'payments', workload: 'api' });
    const response = await route.GET(new Request('http://memdash.test/api/workloads/payments/api/memory'), { params });
    expect(response.status).toBe(200);
    // a Part like every other: ok false, and the error's code and words
    expect(await response.json()).toEqual({
      ok: false,
      error: {
        code: 'unreachable',
        message: expect.stringMatching(/^Prometheus cannot be reached at http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/),
      },
    });
  });

  it('calls an answer that is not a query_range matrix garbage', async () => {
    const { target, workloadSeries } = await clientWith({ url: `${prometheus}/graph/` });
    await expect(workloadSeries(target, 'payments', 'api', start, end, 300)).rejects.toMatchObject({
      kind: 'garbage',
      message: expect.stringMatching(/HTTP 404/),
    });
  });
});
