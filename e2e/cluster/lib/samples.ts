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
  /** one sample every `everySeconds` (at whole multiples of it) is `factor` times what it would be */
  spike?: { everySeconds: number; factor: number };
}

/** Deterministic per series, so the p90 of a workload is the same at every `up`. */
function prng(seedText: string): () => number {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

/** A daily swing of ±15 % and ±5 % noise around the mean. */
export function workingSet(plan: SeriesPlan, t: number, random: () => number): number {
  const daily = Math.sin((2 * Math.PI * (t % DAY)) / DAY) * 0.15;
  const noise = (random() - 0.5) * 0.1;
  const spike = plan.spike && t % plan.spike.everySeconds < STEP_SECONDS ? plan.spike.factor : 1;
  return Math.round(plan.meanMi * 1024 * 1024 * (1 + daily + noise) * spike);
}

const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

function labels(plan: SeriesPlan): string {
  const pairs: Record<string, string> = {
    container: plan.container,
    namespace: plan.namespace,
    pod: plan.pod,
    node: plan.node,
    job: 'kubelet',
    metrics_path: '/metrics/cadvisor',
    instance: `${plan.node}:10250`,
    image: `registry.local/${plan.container}:1.0`,
  };
  return Object.entries(pairs)
    .map(([k, v]) => `${k}="${escape(v)}"`)
    .join(',');
}

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** Writes every plan as one OpenMetrics series; returns the number of samples. */
export async function writeOpenMetrics(path: string, plans: SeriesPlan[]): Promise<number> {
  const out = createWriteStream(path);
  await write(out, '# HELP container_memory_working_set_bytes Current working set of the container in bytes\n');
  await write(out, '# TYPE container_memory_working_set_bytes gauge\n');
  let samples = 0;
  for (const plan of plans) {
    const random = prng(`${plan.namespace}/${plan.pod}/${plan.container}`);
    const name = `container_memory_working_set_bytes{${labels(plan)}}`;
    const start = Math.ceil(plan.from / STEP_SECONDS) * STEP_SECONDS;
    let chunk = '';
    for (let t = start; t <= plan.to; t += STEP_SECONDS) {
      chunk += `${name} ${workingSet(plan, t, random)} ${t}\n`;
      samples++;
      if (chunk.length > 1 << 20) {
        await write(out, chunk);
        chunk = '';
      }
    }
    await write(out, chunk);
  }
  await write(out, '# EOF\n');
  out.end();
  await once(out, 'finish');
  return samples;
}
