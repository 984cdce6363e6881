// OOM kills and evictions on the local cluster: KWOK ended a pod of orders/checkout OOMKilled and evicted one of
// orders/batch (e2e/cluster/lib/kwok-terminations.ts), and the backfill holds kube-state-metrics' and cAdvisor's
// series of earlier ones. The recorder keeps them; the pod page's and workload page's read models and /workloads
// show them. Every expected number comes from the scenario, kubectl or the backfill's generator.
import { beforeAll, describe, expect, it } from 'vitest';
import { prometheusUrl } from '../../e2e/cluster/lib/prometheus.ts';
import { OOM_PEAK_SHARE } from '../../e2e/cluster/lib/samples.ts';
import { podOf, requireCluster, until } from './cluster';
import { bytes, requestAtCreation, scenarioWorkload } from './scenario';
import {
  backfillPlans,
  evictedPod,
  lastSample,
  newestSampleBefore,
  oomKilledPod,
  runningPod,
  secondsAtPeak,
  tableWrittenBefore,
} from './terminations';

process.env.MEMDASH_PROMETHEUS_URL = prometheusUrl(requireCluster());
const { recordingAsViewer } = await import('./recording');
const { db, startRecorder } = await recordingAsViewer();
const { listTerminations, listEvictions } = await import('@/lib/history/terminations');
const { explainedPodFor } = await import('@/lib/views/explain');
const { readPodEnds } = await import('@/lib/views/pod-terminations');
const { readWorkloadEnds } = await import('@/lib/views/workload-terminations');
const { readWorkloadMemory } = await import('@/lib/views/workload-memory');
const { readWorkloads } = await import('@/lib/views/workloads');
const { EVERYTHING } = await import('@/lib/domain/rights');
const { defaultCluster } = await import('@/lib/cluster/registry');

const Mi = 2 ** 20;
const checkout = scenarioWorkload('orders', 'checkout');
const batch = scenarioWorkload('orders', 'batch');
const oomPod = oomKilledPod();
const evicted = evictedPod();
const oomEnd = oomPod.status.containerStatuses[0]!.lastState!.terminated!;
const iso = (t: string) => new Date(t).toISOString();

beforeAll(async () => {
  startRecorder();
  await until('the recorder to store the OOM kill and the eviction', async () => {
    const [kills, evictions] = await Promise.all([
      listTerminations(db, { uid: oomPod.metadata.uid }),
      listEvictions(db, { uid: evicted.metadata.uid }),
    ]);
    return kills.length > 0 && evictions.length > 0;
  });
});

describe('the recorder', () => {
  it('keeps the OOM kill as the status said it: container, reason, exit code, time, restart count', async () => {
    const kills = await listTerminations(db, { uid: oomPod.metadata.uid });
    expect(kills).toEqual([
      {
        uid: oomPod.metadata.uid,
        pod: oomPod.metadata.name,
        container: 'checkout',
        reason: 'OOMKilled',
        exitCode: oomEnd.exitCode,
        at: iso(oomEnd.finishedAt),
        restartCount: oomPod.status.containerStatuses[0]!.restartCount,
      },
    ]);
    expect(kills[0]!.restartCount).toBe(1);
  });

  it("keeps the eviction with the kubelet's message", async () => {
    const [eviction] = await listEvictions(db, { uid: evicted.metadata.uid });
    expect(eviction).toEqual({
      uid: evicted.metadata.uid,
      pod: evicted.metadata.name,
      message: evicted.status.message!.trim(),
      at: iso(evicted.status.containerStatuses[0]!.state!.terminated!.finishedAt),
    });
  });
});

describe("the pod page's ends", () => {
  const ends = async (pod: string, namespace = 'orders') => {
    const ref = { namespace, name: pod };
    return readPodEnds(defaultCluster(), ref, await explainedPodFor(defaultCluster(), EVERYTHING, ref));
  };

  it('shows the OOM kill with the request, limit and row in force then, and the JVM’s ceiling above the request', async () => {
    const read = await ends(oomPod.metadata.name);
    const c = checkout.containers[0]!;
    const request = requestAtCreation(checkout, c, true)!;
    const [container] = read.containers;
    expect(container).toMatchObject({ name: 'checkout', restarts: 1, request, limit: bytes(c.limit) });
    expect(container!.ends).toEqual([
      {
        reason: 'OOMKilled',
        exitCode: 137,
        at: iso(oomEnd.finishedAt),
        restartCount: 1,
        // known when the table's data was last written before the kill: the recorder's history starts with it
        row: tableWrittenBefore(oomEnd.finishedAt)
          ? { state: 'found', key: 'orders_checkout_checkout', bytes: bytes(checkout.rows!.checkout) }
          : { state: 'unknown', key: 'orders_checkout_checkout', bytes: null },
      },
    ]);
    const xmxGi = Number(/-Xmx(\d+)g/.exec(c.env!.JAVA_TOOL_OPTIONS!)![1]);
    expect(container!.heapFlags).toEqual([
      `the JVM may grow to ${xmxGi * 1024}Mi; the request is ${request / Mi}Mi (JAVA_TOOL_OPTIONS: ${c.env!.JAVA_TOOL_OPTIONS})`,
    ]);
    expect(read.eviction).toBeNull();
    expect(read.notes).toEqual([]);
  });

  it('shows the eviction, its message and the Evicted event; Node.js’s ceiling above the request', async () => {
    const read = await ends(evicted.metadata.name);
    const c = batch.containers[0]!;
    expect(read.eviction).toMatchObject({ message: evicted.status.message!.trim() });
    expect(read.events.filter((e) => e.reason === 'Evicted')).toEqual([
      expect.objectContaining({ type: 'Warning', message: evicted.status.message, object: 'pod' }),
    ]);
    const oldSpace = Number(/--max-old-space-size=(\d+)/.exec(c.args!.join(' '))![1]);
    const request = requestAtCreation(batch, c, true)!;
    expect(read.containers[0]!.heapFlags).toEqual([
      `Node.js’s heap may grow to ${oldSpace}Mi; the request is ${request / Mi}Mi (command: ${c.args!.join(' ')})`,
    ]);
  });

  it('shows no end and no ceiling for a pod that has neither (shop/cart)', async () => {
    const read = await ends(podOf('shop', 'cart'), 'shop');
    expect(read.containers.map((c) => ({ name: c.name, restarts: c.restarts, ends: c.ends, heapFlags: c.heapFlags }))).toEqual([
      { name: 'cart', restarts: 0, ends: [], heapFlags: [] },
    ]);
    expect(read.eviction).toBeNull();
  });
});

describe("the workload page's OOM kills and evictions", () => {
  it('merges the recorded OOM kill with the backfill’s, each once, with the request and working set then', async () => {
    const plans = await backfillPlans('orders', 'checkout', oomPod.metadata.name);
    const killed = plans.find((p) => p.oomKillsAt?.length)!;
    const kills = [...killed.oomKillsAt!].sort((a, b) => a - b);
    const read = await readWorkloadEnds(defaultCluster(), { namespace: 'orders', workload: 'checkout' }, EVERYTHING);
    expect(read.prometheus.state).toBe('read');
    expect(read.oomKills).toBe(killed.oomKillsAt!.length + 1);
    expect(read.evictions).toBe(0);
    const live = read.marks.find((m) => m.source === 'recorder')!;
    expect(live).toMatchObject({
      kind: 'oom-kill',
      pod: oomPod.metadata.name,
      container: 'checkout',
      t: Date.parse(oomEnd.finishedAt) / 1000,
    });
    const past = read.marks.filter((m) => m.source !== 'recorder');
    expect(past.map((m) => m.pod)).toEqual(kills.map(() => killed.pod));
    // Prometheus gives the first step of its query at or after the kill
    past.forEach((m, i) => expect(m.t - kills[i]!, `${m.t} just after ${kills[i]}`).toSatisfy((d: number) => d >= 0 && d < 300));
    const limit = bytes(checkout.containers[0]!.limit)!;
    for (const e of read.ends.filter((x) => x.source !== 'recorder')) {
      expect(e.workingSet).toBe(Math.round((limit / Mi) * Mi * OOM_PEAK_SHARE));
      expect(e.request).toBe(requestAtCreation(checkout, checkout.containers[0]!, true));
    }
    // The live kill's working set is the newest sample in the 15 minutes before it and Prometheus's 5-minute lookback:
    // none on a cluster started once (the backfill ends hours before the kill), the sample Prometheus scraped then on
    // a cluster started again, whose pods and Prometheus keep what they had.
    const then = await newestSampleBefore('orders', oomPod.metadata.name, 'checkout', Date.parse(oomEnd.finishedAt) / 1000, 1200);
    expect(read.ends.find((e) => e.source === 'recorder')).toMatchObject({ workingSet: then, request: bytes(checkout.rows!.checkout) });
  });

  it('lists the recorded eviction and the backfill’s, the earlier pod with its last working set', async () => {
    const plans = await backfillPlans('orders', 'batch', runningPod('orders', 'batch'));
    const gone = plans.find((p) => p.evictedAt !== undefined)!;
    const read = await readWorkloadEnds(defaultCluster(), { namespace: 'orders', workload: 'batch' }, EVERYTHING);
    expect(read.evictions).toBe(2);
    expect(read.oomKills).toBe(0);
    const past = read.ends.find((e) => e.pod === gone.pod)!;
    expect(past.t - gone.evictedAt!).toSatisfy((d: number) => d >= 0 && d < 300);
    expect(past).toMatchObject({ kind: 'eviction', source: 'kube-state-metrics', request: null, workingSet: await lastSample(gone) });
    expect(read.ends.find((e) => e.pod === evicted.metadata.name)).toMatchObject({
      source: 'recorder',
      request: bytes(batch.rows!.worker),
      message: evicted.status.message!.trim(),
    });
  });

  it('says so when Prometheus holds none of the series for a workload, and shows the rest', async () => {
    const read = await readWorkloadEnds(defaultCluster(), { namespace: 'shop', workload: 'web' }, EVERYTHING);
    expect(read.prometheus).toEqual({ state: 'missing', line: expect.stringMatching(/holds no kube-state-metrics or cAdvisor series/) });
    expect(read.recorder.state).toBe('read');
    expect(read.marks).toEqual([]);
  });

  it('gives the time within 10 % of the limit: the samples at the limit before each OOM kill', async () => {
    const memory = await readWorkloadMemory(defaultCluster(), { namespace: 'orders', workload: 'checkout' }, EVERYTHING);
    if (!memory.ok) throw new Error(memory.error.message);
    const chart = memory.value.charts.find((c) => c.container === 'checkout')!;
    expect(chart.secondsNearLimit).toBe(secondsAtPeak(await backfillPlans('orders', 'checkout', oomPod.metadata.name)));
  });
});

describe('/workloads', () => {
  it("counts the recorder's OOM kills and evictions per workload", async () => {
    const list = await readWorkloads(defaultCluster(), EVERYTHING);
    const of = (w: string) => list.find((x) => x.namespace === 'orders' && x.workload === w);
    expect(of('checkout')).toMatchObject({ oomKills: 1, evictions: 0 });
    expect(of('batch')).toMatchObject({ oomKills: 0, evictions: 1 });
    expect(list.find((x) => x.namespace === 'shop' && x.workload === 'web')).toMatchObject({ oomKills: 0, evictions: 0 });
  });
});
