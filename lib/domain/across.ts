// Which clusters an answer about more than one cluster reads for a person (the Ctrl-K search, a workload across
// clusters), and in what order. Pure: the read models (lib/views/search.ts, workload-across.ts) read what these
// pick, each cluster within its own deadline.
import { seesCluster, seesNamespace, type Rights, type RightsByCluster } from './rights';

/** A cluster to read, with the person's rights there. */
export interface ClusterToRead<C> {
  cluster: C;
  rights: Rights;
}

/**
 * The clusters the person sees, in the order given, with their rights in each: one whose rights are unknown (its API
 * server did not answer the gate in time) or where they may list nothing is left out, as if memdash did not read it.
 */
export function clustersSeen<C extends { name: string }>(all: readonly C[], rights: RightsByCluster): ClusterToRead<C>[] {
  return all.flatMap((cluster) => {
    const theirs = rights[cluster.name] ?? null;
    return theirs !== null && seesCluster(theirs) ? [{ cluster, rights: theirs }] : [];
  });
}

/**
 * The other clusters where a workload of `namespace` may be theirs to see: those they see, but `here`, and only
 * where they may list pods in that namespace (elsewhere the workload is answered as not there, so it is not named).
 */
export function otherClustersFor<C extends { name: string }>(
  here: string,
  all: readonly C[],
  rights: RightsByCluster,
  namespace: string,
): ClusterToRead<C>[] {
  return clustersSeen(all, rights).filter((c) => c.cluster.name !== here && seesNamespace(c.rights, namespace));
}

/** Items each naming its cluster, those of `here` first, then the others in the order they came (a stable sort). */
export function hereFirst<T extends { cluster: string }>(items: readonly T[], here: string | null): T[] {
  if (here === null) return [...items];
  return [...items.filter((i) => i.cluster === here), ...items.filter((i) => i.cluster !== here)];
}
