import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { countsByWorkload, type WorkloadCounts } from '@/lib/history/terminations';
import { attemptStore } from './part';
import type { WorkloadSummary } from './workloads-types';

// The OOM kills and evictions /workloads counts per workload: those memdash's recorder saw over the snapshot's
// window (one grouped read of the store; Prometheus is asked per workload, on its page). An unreadable store leaves
// the counts unknown (null), not the list.

export async function endCounts(cluster: Cluster, now: Date): Promise<Map<string, WorkloadCounts> | null> {
  const from = new Date(now.getTime() - cluster.facts.snapshotWindowDays * 86_400_000).toISOString();
  const read = await attemptStore(async () => countsByWorkload(await cluster.history(), from));
  if (read.ok) return read.value;
  console.error('memdash: the history store could not be read for the OOM kills and evictions:', read.error.message);
  return null;
}

/** The list with each workload's counts (new objects: the shared list is not changed). */
export function withEnds(list: WorkloadSummary[], counts: Map<string, WorkloadCounts> | null): WorkloadSummary[] {
  return list.map((w) => {
    const c = counts?.get(`${w.namespace}/${w.workload}`);
    return { ...w, oomKills: counts ? (c?.oomKills ?? 0) : null, evictions: counts ? (c?.evictions ?? 0) : null };
  });
}
