// 28 days (and a week before, for workloads gone from the window) of container_memory_working_set_bytes in
// OpenMetrics text for promtool, shaped like the kubelet's cAdvisor series: one per pod and container, pods of a
// workload following each other in time as ReplicaSets roll.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

export const STEP_SECONDS = 300;
export const DAY = 86_400;

export interface SeriesPlan {
  namespace: string;
  pod: string;
  container: string;
  node: string;
  meanMi: number;
  from: number; // unix seconds, inclusive
  to: number; // unix seconds, inclusive
  /** OOM kills of this container (unix seconds): the working set is at the limit just before each (OOM_PEAK_SECONDS) */
  oomKillsAt?: number[];
  /** the container's limit in MiB, where the working set peaks before an OOM kill */
  limitMi?: number;
  /** when the pod was evicted (unix seconds): kube_pod_status_reason{reason="Evicted"} is 1 from then */
  evictedAt?: number;
  /** one sample every `everySeconds` (at whole multiples of it) is `factor` times what it would be */
  spike?: { everySeconds: number; factor: number };
}

/** How long before an OOM kill the working set is at OOM_PEAK_SHARE of the limit. */
export const OOM_PEAK_SECONDS = 900;
export const OOM_PEAK_SHARE = 0.97;
/** kube-state-metrics exports an evicted pod's status until the pod object is deleted, this long after. */
export const EVICTED_KEPT_SECONDS = 2 * 3600;

/** Deterministic per series, so the p90 of a workload is the same at every `up`. */
function prng(seedText: string): () => number {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

/** A daily swing of ±15 % and ±5 % noise around the mean; at the limit just before an OOM kill. */
export function workingSet(plan: SeriesPlan, t: number, random: () => number): number {
  if (plan.limitMi && plan.oomKillsAt?.some((k) => t > k - OOM_PEAK_SECONDS && t <= k)) {
    random(); // the noise drawn all the same, so the samples after a peak are the ones they would be without it
    return Math.round(plan.limitMi * 1024 * 1024 * OOM_PEAK_SHARE);
  }
  const daily = Math.sin((2 * Math.PI * (t % DAY)) / DAY) * 0.15;
  const noise = (random() - 0.5) * 0.1;
  const spike = plan.spike && t % plan.spike.everySeconds < STEP_SECONDS ? plan.spike.factor : 1;
  return Math.round(plan.meanMi * 1024 * 1024 * (1 + daily + noise) * spike);
}

const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/** The kubelet's cAdvisor labels of a container's series. */
function cadvisorLabels(plan: SeriesPlan): Record<string, string> {
  return {
    container: plan.container,
    namespace: plan.namespace,
    pod: plan.pod,
    node: plan.node,
    job: 'kubelet',
    metrics_path: '/metrics/cadvisor',
    instance: `${plan.node}:10250`,
    image: `registry.local/${plan.container}:1.0`,
  };
}

/**
 * Where the series go: `family` once before a metric's series (its TYPE), then each series with its samples at
 * STEP_SECONDS from `start` (unix seconds). OpenMetrics text for promtool, or numbers for the block writer.
 */
export interface SeriesSink {
  family(name: string, help?: string): Promise<void>;
  series(name: string, labels: Record<string, string>, start: number, values: ArrayLike<number>): Promise<void>;
}

/** The container's working set at each step of its plan; the same numbers at every call. */
export function planSamples(plan: SeriesPlan): { start: number; values: Float64Array } {
  const random = prng(`${plan.namespace}/${plan.pod}/${plan.container}`);
  const start = Math.ceil(plan.from / STEP_SECONDS) * STEP_SECONDS;
  const count = plan.to >= start ? Math.floor((plan.to - start) / STEP_SECONDS) + 1 : 0;
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) values[i] = workingSet(plan, start + i * STEP_SECONDS, random);
  return { start, values };
}

/** Every plan's working set, then the termination families; returns the number of working-set samples. */
export async function writeSeries(sink: SeriesSink, plans: SeriesPlan[]): Promise<number> {
  const name = 'container_memory_working_set_bytes';
  await sink.family(name, 'Current working set of the container in bytes');
  let samples = 0;
  for (const plan of plans) {
    const { start, values } = planSamples(plan);
    await sink.series(name, cadvisorLabels(plan), start, values);
    samples += values.length;
  }
  await writeTerminationFamilies(sink, plans);
  return samples;
}

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** OpenMetrics text for promtool, written as it comes. */
class OpenMetricsSink implements SeriesSink {
  private readonly out: WriteStream;

  constructor(out: WriteStream) {
    this.out = out;
  }

  async family(name: string, help?: string): Promise<void> {
    if (help) await write(this.out, `# HELP ${name} ${help}\n`);
    await write(this.out, `# TYPE ${name} gauge\n`);
  }

  async series(name: string, labels: Record<string, string>, start: number, values: ArrayLike<number>): Promise<void> {
    const series = `${name}{${Object.entries(labels)
      .map(([k, v]) => `${k}="${escape(v)}"`)
      .join(',')}}`;
    let chunk = '';
    for (let i = 0; i < values.length; i++) {
      chunk += `${series} ${values[i]} ${start + i * STEP_SECONDS}\n`;
      if (chunk.length > 1 << 20) {
        await write(this.out, chunk);
        chunk = '';
      }
    }
    await write(this.out, chunk);
  }
}

/** Writes every plan as one OpenMetrics series; returns the number of samples. */
export async function writeOpenMetrics(path: string, plans: SeriesPlan[]): Promise<number> {
  const out = createWriteStream(path);
  const samples = await writeSeries(new OpenMetricsSink(out), plans);
  await write(out, '# EOF\n');
  out.end();
  await once(out, 'finish');
  return samples;
}

/**
 * kube-state-metrics' and cAdvisor's series of the plans that were OOM-killed or evicted, at the same step: the
 * container's restarts and OOM events (counters moving at each kill), its last termination reason (1 from the first
 * kill) and the pod's status reason Evicted (1 from the eviction until the pod is deleted).
 */
async function writeTerminationFamilies(sink: SeriesSink, plans: SeriesPlan[]): Promise<void> {
  const killed = plans.filter((p) => p.oomKillsAt?.length);
  const evicted = plans.filter((p) => p.evictedAt !== undefined);
  const firstStep = (from: number) => Math.ceil(from / STEP_SECONDS) * STEP_SECONDS;
  const steps = (from: number, to: number) => {
    const times: number[] = [];
    for (let t = firstStep(from); t <= to; t += STEP_SECONDS) times.push(t);
    return times;
  };
  const kills = (p: SeriesPlan, t: number) => p.oomKillsAt!.filter((k) => k <= t).length;
  const container = (p: SeriesPlan) => ({ container: p.container, namespace: p.namespace, pod: p.pod });
  const ksm = { job: 'kube-state-metrics' };
  await family(sink, 'kube_pod_container_status_restarts_total', killed, (p) => ({
    labels: { ...container(p), ...ksm },
    from: p.from,
    values: steps(p.from, p.to).map((t) => kills(p, t)),
  }));
  await family(sink, 'kube_pod_container_status_last_terminated_reason', killed, (p) => {
    const from = Math.min(...p.oomKillsAt!);
    return { labels: { ...container(p), reason: 'OOMKilled', ...ksm }, from, values: steps(from, p.to).map(() => 1) };
  });
  await family(sink, 'container_oom_events_total', killed, (p) => ({
    labels: cadvisorLabels(p),
    from: p.from,
    values: steps(p.from, p.to).map((t) => kills(p, t)),
  }));
  const seenPods = new Set<string>();
  const onePerPod = evicted.filter((p) => !seenPods.has(`${p.namespace}/${p.pod}`) && seenPods.add(`${p.namespace}/${p.pod}`));
  await family(sink, 'kube_pod_status_reason', onePerPod, (p) => ({
    labels: { namespace: p.namespace, pod: p.pod, reason: 'Evicted', ...ksm },
    from: p.from,
    values: steps(p.from, p.evictedAt! + EVICTED_KEPT_SECONDS).map((t) => (t >= p.evictedAt! ? 1 : 0)),
  }));

  async function family(
    out: SeriesSink,
    name: string,
    of: SeriesPlan[],
    series: (p: SeriesPlan) => { labels: Record<string, string>; from: number; values: number[] },
  ): Promise<void> {
    if (of.length === 0) return;
    await out.family(name);
    for (const p of of) {
      const { labels, from, values } = series(p);
      await out.series(name, labels, firstStep(from), values);
    }
  }
}
