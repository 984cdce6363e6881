import 'server-only';
import { partFailed, partOk, workingSetOf, WorkingSetTally, type WorkingSet } from '@/lib/domain';
import { settings } from '@/lib/config';
import { PrometheusError, podSeries } from '@/lib/prometheus/client';
import { rangeChunks } from '@/lib/prometheus/range';
import { readPodSamples, type SnapshotWindow } from '@/lib/prometheus/snapshot-samples';
import { podKey } from '@/lib/k8s/names';
import { sharedInFlight } from '@/lib/shared-in-flight';
import type { PodMemory } from './pod-memory-types';

export type { PodMemory };

// One pod's containers' working set over the snapshot's window, in the snapshot's query shape: what the pod page
// puts beside each request. A Prometheus failure is returned as this part's message, never thrown to the page.

export async function readPodMemory(ref: { namespace: string; name: string }, now = new Date()): Promise<PodMemory> {
  const s = settings();
  const end = Math.floor(now.getTime() / 1000);
  const start = end - s.snapshotWindowDays * 86400;
  const step = s.snapshotStepSeconds;
  try {
    return partOk({ start, end, step, containers: await containersOf(ref, { start, end, step }) });
  } catch (err) {
    if (err instanceof PrometheusError)
      return partFailed(err.kind === 'unreachable' || err.kind === 'timeout' ? 'unreachable' : 'cluster-error', err.message);
    throw err;
  }
}

/**
 * Each container's working set, counted series by series as the answer arrives (28 days of a pod parsed as text were
 * the pod page's largest cost). A window longer than one query allows is read in chunks and joined first: a series
 * split across chunks would be counted in parts.
 */
async function containersOf(ref: { namespace: string; name: string }, window: SnapshotWindow): Promise<Record<string, WorkingSet>> {
  if (rangeChunks(window.start, window.end, window.step).length > 1) {
    const series = await podSeries(ref.namespace, ref.name, window.start, window.end, window.step);
    return Object.fromEntries([...new Set(series.map((x) => x.container))].map((c) => [c, workingSetOf(series, c)]));
  }
  const tally = new WorkingSetTally();
  await readPodSamples(window, ref.namespace, ref.name, (x) => tally.add(x.metric.container ?? '', x.values, x.last));
  return Object.fromEntries(tally.containers().map((c) => [c, tally.workingSet(c)]));
}

/**
 * readPodMemory, one Prometheus query per pod while it is in flight however many pages ask (see sharedInFlight), and
 * its answer reused for 5 s: 28 days of working set at a 300 s step do not change in that time (Prometheus scrapes
 * every 15-60 s), while parsing them again is the pod page's largest cost when a team has the pod open. A failure
 * is asked again at once.
 */
export const readPodMemoryShared: (ref: { namespace: string; name: string }) => Promise<PodMemory> = sharedInFlight(
  podKey,
  (ref: { namespace: string; name: string }) => readPodMemory(ref),
  { forMs: 5000, when: (memory) => memory.ok },
);
