import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { partOk, withNewerLatest, workingSetOf, WorkingSetTally, type WorkingSet } from '@/lib/domain';
import { podSeries } from '@/lib/prometheus/client';
import { readPodLatest } from '@/lib/prometheus/pod-latest';
import { rangeChunks } from '@/lib/prometheus/range';
import { readPodSamples, type SnapshotWindow } from '@/lib/prometheus/snapshot-samples';
import { podKey } from '@/lib/k8s/names';
import { sharedInFlight } from '@/lib/shared-in-flight';
import type { PodMemory } from './pod-memory-types';
import { perCluster } from './per-cluster';
import { keptForTwoSteps, prometheusPart } from './prometheus-reads';

export type { PodMemory };

// One pod's containers' working set over the snapshot's window, in the snapshot's query shape: what the pod page
// puts beside each request. A Prometheus failure is returned as this part's message, never thrown to the page.

/**
 * The window's figures (kept for two steps, see readPodWindowShared) with each container's newest sample read now.
 * `signal`: the page's, which stops the reads when the browser leaves.
 */
export async function readPodMemory(
  cluster: Cluster,
  ref: { namespace: string; name: string },
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
): Promise<PodMemory> {
  const time = Math.floor(now.getTime() / 1000);
  const [window, latest] = await Promise.all([
    readPodWindowShared(cluster)(cluster, ref, signal),
    prometheusPart(() => readPodLatest(cluster, ref.namespace, ref.name, time, signal)),
  ]);
  if (!window.ok) return window;
  if (!latest.ok) return latest;
  const names = new Set([...Object.keys(window.value.containers), ...latest.value.keys()]);
  const containers: Record<string, WorkingSet> = {};
  for (const c of names) containers[c] = withNewerLatest(window.value.containers[c], latest.value.get(c));
  return partOk({ ...window.value, containers });
}

/** The pod's working set over the snapshot's window ending `now`: each container's p90, count and last sample. */
export function readPodWindow(
  cluster: Cluster,
  ref: { namespace: string; name: string },
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
): Promise<PodMemory> {
  const s = cluster.facts;
  const end = Math.floor(now.getTime() / 1000);
  const start = end - s.snapshotWindowDays * 86400;
  const step = s.snapshotStepSeconds;
  return prometheusPart(async () => ({ start, end, step, containers: await containersOf(cluster, ref, { start, end, step }, signal) }));
}

/**
 * Each container's working set, counted series by series as the answer arrives (28 days of a pod parsed as text were
 * the pod page's largest cost). A window longer than one query allows is read in chunks and joined first: a series
 * split across chunks would be counted in parts.
 */
async function containersOf(
  cluster: Cluster,
  ref: { namespace: string; name: string },
  window: SnapshotWindow,
  signal?: AbortSignal,
): Promise<Record<string, WorkingSet>> {
  if (rangeChunks(window.start, window.end, window.step).length > 1) {
    const series = await podSeries(cluster, ref.namespace, ref.name, window.start, window.end, window.step, signal);
    return Object.fromEntries([...new Set(series.map((x) => x.container))].map((c) => [c, workingSetOf(series, c)]));
  }
  const tally = new WorkingSetTally();
  await readPodSamples(cluster, window, ref.namespace, ref.name, (x) => tally.add(x.metric.container ?? '', x.values, x.last), signal);
  return Object.fromEntries(tally.containers().map((c) => [c, tally.workingSet(c)]));
}

/**
 * readPodWindow, once per pod of a cluster while in flight, kept for two of its steps (keptForTwoSteps): its 28 days
 * were what a pod page cost Prometheus and memdash most, asked again by every page of every pod; the newest sample,
 * which does move, is read apart (readPodMemory). A window with no samples at all (a pod just made, not scraped yet)
 * is not kept: its first samples count as soon as they come.
 */
const readPodWindowShared = perCluster((of: Cluster) =>
  sharedInFlight(
    (cluster: Cluster, ref: PodKeyed) => `${cluster.name}/${podKey(ref)}`,
    (cluster: Cluster, ref: PodKeyed, signal: AbortSignal) => readPodWindow(cluster, ref, { signal }),
    keptForTwoSteps(of, (memory: PodMemory) => memory.ok && Object.keys(memory.value.containers).length > 0),
  ),
);

type PodKeyed = { namespace: string; name: string };

/**
 * readPodMemory, one pair of queries per pod while in flight however many pages ask (see sharedInFlight), and its
 * answer reused for 5 s: Prometheus scrapes every 15-60 s, so a team with the pod open sees no older sample for it.
 * A failure is asked again at once.
 */
export const readPodMemoryShared: (cluster: Cluster, ref: PodKeyed, signal?: AbortSignal) => Promise<PodMemory> = sharedInFlight(
  (cluster: Cluster, ref: PodKeyed) => `${cluster.name}/${podKey(ref)}`,
  (cluster: Cluster, ref: PodKeyed, signal: AbortSignal) => readPodMemory(cluster, ref, { signal }),
  { forMs: 5000, when: (memory) => memory.ok },
);
