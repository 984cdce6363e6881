import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { partFailed, partOk, type Part } from '@/lib/domain';
import { PrometheusError } from '@/lib/prometheus/client';
import type { Reuse } from '@/lib/shared-in-flight';

// What the pages' Prometheus reads have in common: how a failure is said in the part's place, and how long an
// answer over the snapshot's window may be handed out again.

/**
 * One read of Prometheus: its failure is this part's message (a Prometheus down or slow said as unreachable), in the
 * chart's or column's place; any other error is thrown.
 */
export async function prometheusPart<T>(read: () => Promise<T>): Promise<Part<T>> {
  try {
    return partOk(await read());
  } catch (err) {
    if (err instanceof PrometheusError)
      return partFailed(err.kind === 'unreachable' || err.kind === 'timeout' ? 'unreachable' : 'cluster-error', err.message);
    throw err;
  }
}

/**
 * For sharedInFlight: an answer over the cluster's snapshot window at its step, reused for one step (300 s by default)
 * and for one more while a fresh one is read, so that no page waits for it. Within two steps the window gains and
 * loses at most two points at each end, so an answer that old reads the same.
 */
export function keptForTwoSteps<T>(cluster: Cluster | (() => Cluster), when: (answer: T) => boolean): Reuse<T> {
  // a function: a shared read made at import, before any cluster is resolved, reads its cluster's step when asked
  const stepMs = () => (typeof cluster === 'function' ? cluster() : cluster).facts.snapshotStepSeconds * 1000;
  return {
    get forMs() {
      return stepMs();
    },
    get staleForMs() {
      return stepMs();
    },
    when,
  };
}
