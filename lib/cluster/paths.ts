// Which cluster a request is about, from its path alone: the gate asks for the person's rights there before Next
// reads the request. Pure, so the gate and its tests share it.
import type { Clusters } from './registry';

/** The pages and APIs about every cluster: the fleet (`/`, with more than one cluster) and the search. */
const ACROSS = [/^\/$/, /^\/api\/fleet$/, /^\/api\/search$/];

/**
 * The cluster of `/c/{cluster}/…`; on any other path (today's URLs, answered with a redirect to the default cluster,
 * and the fleet), the default cluster. Undefined for a `/c/` name memdash does not read: nothing is theirs there.
 */
export function clusterOfPath(path: string, all: Pick<Clusters, 'named' | 'defaultCluster'>) {
  const named = /^\/c\/([^/]*)(\/|$)/.exec(path);
  return named ? all.named(named[1]!) : all.defaultCluster;
}

/**
 * A path as one cluster's pages and APIs name it, without its `/c/{cluster}` (`/c/prd/api/pods` → `/api/pods`); any
 * other path as it is. The server's rules about which path is a page, shares an answer or spends which budget are the
 * same in every cluster.
 */
export function pathInCluster(path: string): string {
  const inCluster = /^\/c\/[^/]+(\/.*)?$/.exec(path);
  return inCluster ? inCluster[1] || '/' : path;
}

/** Whether a path is about every cluster, so its answer depends on the rights in each. */
export const acrossClusters = (path: string, all: Pick<Clusters, 'all'>) => all.all.length > 1 && ACROSS.some((p) => p.test(path));
