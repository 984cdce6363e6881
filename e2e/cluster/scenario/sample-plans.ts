// Which series the backfill holds: the scenario's current pods, the pods of ReplicaSets rolled away, earlier runs
// of Jobs and Jenkins builds, and a workload whose pods are all older than the 28-day window.
import { getJson } from '../lib/kubectl.ts';
import { DAY, STEP_SECONDS, type SeriesPlan } from '../lib/samples.ts';
import { bytesOf } from '../kyverno/mutation.ts';
import { NODES, WORKLOADS } from './workloads.ts';
import { WORKLOAD_LABEL, type ContainerSpec, type WorkloadSpec } from './model.ts';

interface Meta {
  name: string;
  namespace: string;
  creationTimestamp: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface PodItem {
  metadata: Meta;
  spec: { nodeName?: string };
}
interface RsItem {
  metadata: Meta;
  spec: { replicas?: number };
}

const WINDOW = 28 * DAY;

function hashSuffix(text: string, length = 5): string {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  let h = 7;
  let out = '';
  for (let i = 0; i < length; i++) {
    for (const ch of text + i) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
    out += alphabet[h % alphabet.length];
  }
  return out;
}

function containersOf(w: WorkloadSpec): ContainerSpec[] {
  return [...(w.initContainers ?? []), ...w.containers].filter((c) => c.workingSetMi !== undefined);
}

function plan(w: WorkloadSpec, pod: string, node: string, from: number, to: number): SeriesPlan[] {
  return containersOf(w).map((c) => ({ namespace: w.namespace, pod, container: c.name, node, meanMi: c.workingSetMi!, from, to }));
}

const nodeOf = (i: number) => NODES[i % NODES.length]!;

export function samplePlans(end: number, workloads: WorkloadSpec[] = WORKLOADS): SeriesPlan[] {
  const pods = getJson<{ items: PodItem[] }>(['get', 'pods', '-A']).items;
  const replicaSets = getJson<{ items: RsItem[] }>(['get', 'replicasets', '-A']).items;
  const mine = <T extends { metadata: Meta }>(items: T[], w: WorkloadSpec) =>
    items.filter((i) => i.metadata.namespace === w.namespace && i.metadata.labels?.[WORKLOAD_LABEL] === w.name);
  return workloads.flatMap((w) => withTerminations(w, shaped(w, plansFor(w, mine(pods, w), mine(replicaSets, w), end), end), end));
}

const aligned = (t: number) => Math.floor(t / STEP_SECONDS) * STEP_SECONDS;

/**
 * The workload's past OOM kills and eviction in the backfill: the kills in the series of its first pod (by name) that
 * covers them, the eviction as a pod of its newest ReplicaSet that ran from the window's start until then.
 */
function withTerminations(w: WorkloadSpec, plans: SeriesPlan[], end: number): SeriesPlan[] {
  const out = [...plans];
  if (w.pastOomKills) {
    const { container, daysAgo } = w.pastOomKills;
    const at = daysAgo.map((d) => aligned(end - d * DAY));
    const limit = w.containers.find((c) => c.name === container)?.limit;
    const first = out
      .filter((p) => p.container === container && at.every((t) => t >= p.from && t <= p.to))
      .sort((a, b) => a.pod.localeCompare(b.pod))[0];
    if (first) Object.assign(first, { oomKillsAt: at, limitMi: limit ? bytesOf(limit) / 2 ** 20 : undefined });
  }
  if (w.pastEvictionDaysAgo !== undefined && out[0]) {
    const evictedAt = aligned(end - w.pastEvictionDaysAgo * DAY);
    const prefix = out[0].pod.slice(0, out[0].pod.lastIndexOf('-'));
    const pod = `${prefix}-${hashSuffix(`${prefix}evicted`)}`;
    out.push(...plan(w, pod, nodeOf(1), end - WINDOW, evictedAt).map((p) => ({ ...p, evictedAt })));
  }
  return out;
}

/** The workload's departures from the steady swing (model.ts SampleShape); the others' plans pass unchanged. */
function shaped(w: WorkloadSpec, plans: SeriesPlan[], end: number): SeriesPlan[] {
  const shape = w.samples;
  if (!shape) return plans;
  const since = shape.days === undefined ? -Infinity : end - shape.days * DAY;
  const hot = shape.hotPod ? `${w.name}-${shape.hotPod.ordinal}` : null;
  const spike = shape.spikes ? { everySeconds: shape.spikes.everyHours * 3600, factor: shape.spikes.factor } : undefined;
  return plans
    .filter((p) => p.to >= since)
    .map((p) => ({
      ...p,
      from: Math.max(p.from, since),
      meanMi: p.pod === hot ? p.meanMi * shape.hotPod!.factor : p.meanMi,
      ...(spike ? { spike } : {}),
    }));
}

function plansFor(w: WorkloadSpec, pods: PodItem[], replicaSets: RsItem[], end: number): SeriesPlan[] {
  const start = end - WINDOW;
  const current = (from: number) => pods.flatMap((p, i) => plan(w, p.metadata.name, p.spec.nodeName ?? nodeOf(i), from, end));
  if (w.goneFromWindow) return syntheticPods(w, `${w.name}-6b9f7c4d8`, 2, end - 35 * DAY, start - DAY);
  switch (w.kind) {
    case 'Deployment':
      return rolledDeployment(w, pods, replicaSets, start, end);
    case 'CronJob':
      return dailyRuns(w, start, end);
    case 'Job':
    case 'JenkinsAgent':
      return builds(w, start, end, (n) => buildPodName(w, pods, n));
    case 'Pod':
      return current(end - 3 * DAY);
    default:
      return current(start);
  }
}

function syntheticPods(w: WorkloadSpec, prefix: string, count: number, from: number, to: number): SeriesPlan[] {
  return Array.from({ length: count }, (_, i) => plan(w, `${prefix}-${hashSuffix(prefix + i)}`, nodeOf(i), from, to)).flat();
}

/** Each ReplicaSet generation held the workload for an equal share of the window, the newest until now. */
function rolledDeployment(w: WorkloadSpec, pods: PodItem[], replicaSets: RsItem[], start: number, end: number): SeriesPlan[] {
  const revision = (rs: RsItem) => Number(rs.metadata.annotations?.['deployment.kubernetes.io/revision'] ?? 0);
  const generations = [...replicaSets].sort((a, b) => revision(a) - revision(b));
  if (generations.length === 0) return [];
  const share = (end - start) / generations.length;
  const old = generations
    .slice(0, -1)
    .flatMap((rs, g) => syntheticPods(w, rs.metadata.name, w.replicas ?? 1, start + g * share, start + (g + 1) * share - 1));
  const newestFrom = start + (generations.length - 1) * share;
  return [...old, ...pods.flatMap((p, i) => plan(w, p.metadata.name, p.spec.nodeName ?? nodeOf(i), newestFrom, end))];
}

/** One Job a day at 01:30 UTC for 30 minutes, named as the CronJob controller names them (minutes since epoch). */
function dailyRuns(w: WorkloadSpec, start: number, end: number): SeriesPlan[] {
  const plans: SeriesPlan[] = [];
  for (let day = Math.ceil(start / DAY) * DAY; day + 5400 + 1800 < end; day += DAY) {
    const scheduled = day + 5400;
    const job = `${w.name}-${Math.floor(scheduled / 60)}`;
    plans.push(...plan(w, `${job}-${hashSuffix(job)}`, nodeOf(day / DAY), scheduled, scheduled + 1800));
  }
  return plans;
}

/** The newest build's pod is the real one; earlier builds' pods are gone and named like it. */
function buildPodName(w: WorkloadSpec, pods: PodItem[], build: number): string {
  const prefix = `${w.name}-${build}-`;
  return pods.find((p) => p.metadata.name.startsWith(prefix))?.metadata.name ?? `${prefix}${hashSuffix(prefix)}`;
}

/** Builds every two days, an hour each, numbered up to the scenario's newest run. */
function builds(w: WorkloadSpec, start: number, end: number, podName: (build: number) => string): SeriesPlan[] {
  const newest = Number(w.runs?.at(-1) ?? 1);
  const plans: SeriesPlan[] = [];
  for (let i = 0, t = end - DAY; t > start && newest - i > 0; i++, t -= 2 * DAY) {
    plans.push(...plan(w, podName(newest - i), nodeOf(i), t, t + 3600));
  }
  return plans;
}
