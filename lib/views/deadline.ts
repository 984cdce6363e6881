import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { partFailed, type Part } from '@/lib/domain/part';
import { attempt } from './part';

/**
 * One cluster's part of an answer about several, read within `ms`: a cluster that has not answered by then fails its
 * own part ("did not answer within"), and its reads are stopped through the signal handed to `read`, so one slow or
 * stopped cluster never holds up the others' parts. `signal`: the request's, which stops the read as well.
 */
export async function withinDeadline<T>(
  cluster: Cluster,
  ms: number,
  read: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<Part<T>> {
  const stop = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Part<T>>((resolve) => {
    timer = setTimeout(() => {
      stop.abort(new Error(`cluster ${cluster.name}: past its deadline`));
      resolve(partFailed('unreachable', `Cluster ${cluster.name} did not answer within ${ms / 1000} s`));
    }, ms);
  });
  const stopped = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  try {
    return await Promise.race([attempt(() => read(stopped)), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a cluster's part of an answer about several (the search, a workload across clusters) may take. */
export const CLUSTER_PART_MS = 5_000;
