import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { clustersSeen } from '@/lib/domain/across';
import type { RightsByCluster } from '@/lib/domain/rights';
import { CLUSTER_PART_MS, withinDeadline } from './deadline';
import { findPods } from './pods';
import type { PodSearch } from './pods-types';
import type { ClusterSearched, FoundPod, SearchAnswer } from './search-types';

export type { SearchAnswer };

// The Ctrl/Cmd-K search across clusters: the pod list's search (findPods, from each cluster's pod cache) asked of
// every cluster the asker may read at once, each cut to their rights there and capped at the limit, each within its
// own deadline: a cluster that fails or is slow is named in the answer with why, and the others' pods still come.

export async function searchEveryCluster(
  every: readonly Cluster[],
  search: PodSearch,
  rights: RightsByCluster,
  { signal, deadlineMs = CLUSTER_PART_MS }: { signal?: AbortSignal; deadlineMs?: number } = {},
): Promise<SearchAnswer> {
  const seen = clustersSeen(every, rights);
  const found = await Promise.all(
    seen.map(({ cluster, rights: theirs }) => withinDeadline(cluster, deadlineMs, () => findPods(cluster, search, theirs), signal)),
  );
  const pods: FoundPod[] = [];
  const clusters: ClusterSearched[] = [];
  found.forEach((part, i) => {
    const cluster = seen[i]!.cluster.name;
    if (!part.ok) return void clusters.push({ cluster, error: part.error });
    clusters.push({ cluster, total: part.value.total });
    for (const pod of part.value.pods) pods.push({ ...pod, cluster });
  });
  return { pods, clusters };
}
