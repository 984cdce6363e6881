import 'server-only';
import { partFailed, partOk, workingSetOf } from '@/lib/domain';
import { settings } from '@/lib/config';
import { PrometheusError, podSeries } from '@/lib/prometheus/client';
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
    const series = await podSeries(ref.namespace, ref.name, start, end, step);
    const names = [...new Set(series.map((x) => x.container))];
    return partOk({ start, end, step, containers: Object.fromEntries(names.map((c) => [c, workingSetOf(series, c)])) });
  } catch (err) {
    if (err instanceof PrometheusError)
      return partFailed(err.kind === 'unreachable' || err.kind === 'timeout' ? 'unreachable' : 'cluster-error', err.message);
    throw err;
  }
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
