// How sure a row is, on the local cluster: the preview's figures (pods, days, the hottest pod's own p90, the max and
// the flags) for the scenario's workloads that raise each flag and one that raises none, against the same figures
// worked out here from the backfill's own generator (test/integration/backfill.ts), never from memdash's code; the
// figures the preview keeps in the store; and the pod page's measure of one workload straight from Prometheus.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { kubeconfigPath } from '../../e2e/cluster/lib/paths.ts';
import { prometheusUrl } from '../../e2e/cluster/lib/prometheus.ts';
import { readState } from '../../e2e/cluster/lib/state.ts';
import { backfilledSamples, nearestRankP90Mi, type BackfilledSample } from './backfill';
import { forgetClusters } from './fresh-clusters';

const STEP = 300;
const DAY = 86_400;
const cluster = readState();
if (!cluster) throw new Error('the local cluster is not up (no .cluster/state.json): run npm run cluster:up');

interface Expected {
  pods: number;
  spanSeconds: number;
  samples: number;
  p90Mi: number;
  hottestPod: string;
  hottestP90Mi: number;
  maxMi: number;
  flags: string[];
}

/**
 * The figures from the generator's samples the window's evaluations read. At a 300 s step whose end is `off` seconds
 * past a multiple of 300, each evaluation reads the sample written `off` seconds before it (Prometheus's lookback),
 * so the samples read are those written in [start - off, end - off]; `off` is kept away from 0, where an evaluation
 * 300 s after a series' last sample would read it once more.
 */
function expectedFrom(samples: BackfilledSample[]): Expected {
  const mib = (v: number) => Math.ceil(v / 2 ** 20);
  const byPod = new Map<string, number[]>();
  for (const s of samples) byPod.set(s.pod, [...(byPod.get(s.pod) ?? []), s.value]);
  const perPod = [...byPod]
    .map(([pod, values]) => ({ pod, p90: nearestRankP90Mi(values) }))
    // the hottest; of pods as hot as each other, the first by name
    .sort((a, b) => b.p90 - a.p90 || (a.pod < b.pod ? -1 : 1));
  const times = samples.map((s) => s.time);
  const p90Mi = nearestRankP90Mi(samples.map((s) => s.value));
  const maxMi = Math.max(...samples.map((s) => mib(s.value)));
  const spanSeconds = Math.max(...times) - Math.min(...times);
  const hottest = perPod[0]!;
  const flags = [
    ...(spanSeconds < 7 * DAY ? ['short-history'] : []),
    ...(byPod.size > 1 && hottest.p90 >= 1.5 * p90Mi ? ['hot-pod'] : []),
    ...(maxMi >= 3 * p90Mi ? ['spiky'] : []),
  ];
  return {
    pods: byPod.size,
    spanSeconds,
    samples: samples.length,
    p90Mi,
    hottestPod: hottest.pod,
    hottestP90Mi: hottest.p90,
    maxMi,
    flags,
  };
}

const ROWS = [
  // [namespace, workload, container, the flags the scenario gives it]
  ['shop', 'recommender', 'recommender', ['short-history']],
  ['shop', 'kafka', 'broker', ['hot-pod']],
  ['shop', 'thumbnailer', 'thumbnailer', ['spiky']],
  ['shop', 'web', 'app', []],
] as const;

async function views() {
  process.env.KUBECONFIG = kubeconfigPath('viewer');
  process.env.MEMDASH_PROMETHEUS_URL = prometheusUrl(cluster!);
  vi.resetModules();
  forgetClusters();
  const domain = await import('@/lib/domain');
  return {
    cluster: (await import('@/lib/cluster/registry')).defaultCluster(),
    previewSnapshot: (await import('@/lib/views/snapshot-preview')).previewSnapshot,
    confidence: await import('@/lib/views/row-confidence'),
    flagsOf: domain.confidenceFlags,
    unpack: domain.unpackConfidence,
  };
}

describe('how sure a row is', () => {
  // a window's end 150 s past a multiple of the step (see expectedFrom)
  const end = (Math.floor(Date.now() / 1000 / STEP) - 1) * STEP + 150;
  const now = new Date(end * 1000);
  const start = end - 28 * DAY;
  const expected = new Map<string, Expected>();
  let v: Awaited<ReturnType<typeof views>>;
  let preview: Extract<Awaited<ReturnType<Awaited<ReturnType<typeof views>>['previewSnapshot']>>, { preview: unknown }>['preview'];

  beforeAll(async () => {
    v = await views();
    for (const [namespace, workload, container] of ROWS) {
      const samples = await backfilledSamples(namespace, workload, container, start - 150, end - 150);
      expected.set(`${namespace}_${workload}_${container}`, expectedFrom(samples));
    }
    const outcome = await v.previewSnapshot(v.cluster, now, new AbortController().signal);
    if (!('preview' in outcome)) throw new Error(`precondition failed: the preview did not compute: ${outcome.problem.message}`);
    preview = outcome.preview;
  }, 240_000);

  it.each(ROWS)('%s/%s %s: the scenario raises the flags it was built to raise', (namespace, workload, container, flags) => {
    expect(expected.get(`${namespace}_${workload}_${container}`)!.flags).toEqual(flags);
  });

  it('the preview measures each row as the generator wrote it, and sends the flagged ones', async () => {
    expect(preview.window).toMatchObject({ start, end, step: STEP });
    const kept = await v.confidence.readKeptConfidence(v.cluster, { pods: 'all', table: true, kyvernoLogs: true, audit: true });
    expect(kept.computedAt).toBe(now.toISOString());
    for (const [key, want] of expected) {
      const { flags, ...figures } = want;
      const got = kept.rows[key];
      expect(got, key).toBeDefined();
      const measured = v.unpack(got!);
      expect(measured, key).toEqual(figures);
      expect(v.flagsOf(measured), key).toEqual(flags);
      if (flags.length > 0) expect(preview.confidence.flagged[key], key).toEqual(got);
      else expect(preview.confidence.flagged[key], key).toBeUndefined();
    }
    expect(preview.confidence.measured).toBe(Object.keys(preview.rows).length);
    expect(preview.confidence.kept).toEqual({ ok: true });
  });

  it("the pod page's measure of one workload from Prometheus gives the preview's figures", async () => {
    const part = await v.confidence.readWorkloadConfidence(v.cluster, 'shop', 'kafka', ['broker', 'no-such'], { now });
    if (!part.ok) throw new Error(`precondition failed: Prometheus did not answer: ${part.error.message}`);
    const { flags, ...figures } = expected.get('shop_kafka_broker')!;
    expect(part.value.containers.broker).toEqual(figures);
    expect(v.flagsOf(part.value.containers.broker!)).toEqual(flags);
    expect(part.value.containers['no-such']).toBeNull();
  });
});
