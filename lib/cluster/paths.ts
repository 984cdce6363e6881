// Which cluster a request is about, from its path alone: the gate asks for the person's rights there before Next
// reads the request. Pure, so the gate and its tests share it.
import type { Clusters } from './registry';

/**
 * The pages and APIs about every cluster: the fleet (`/`, with more than one cluster), the search, and a workload
 * across clusters (in one cluster's tree, but it reads the same workload in the others).
 */
const ACROSS = [/^\/$/, /^\/api\/fleet$/, /^\/api\/search$/, /^\/c\/[^/]+\/api\/workloads\/[^/]+\/[^/]+\/across$/];

/**
 * The cluster of `/c/{cluster}/…`; on any other path (today's URLs, answered with a redirect to the default cluster,
 * and the fleet), the default cluster. Undefined for a `/c/` name memdash does not read: nothing is theirs there.
 */
export function clusterOfPath(path: string, all: Pick<Clusters, 'named' | 'defaultCluster'>) {
  const named = /^\/c\/([^/]*)(\/|$)/.exec(path);
  return named ? all.named(named[1]!) : all.defaultCluster;
}

/**
 * Today's top-level pages and APIs about one cluster, which moved under `/c/{cluster}/` (app/c/[cluster]/): a bookmark,
 * a link the CLI printed or a script's call to one of them is sent on to the default cluster. Named one by one, never
 * a prefix or a catch-all: /auth, /healthz, /readyz, /metrics, /api/viewer, Next's files and the fleet stay where they
 * are (held to the app/ tree by paths.test.ts).
 */
export const MOVED_PAGES = ['audit', 'break-glass', 'incidents', 'lifecycle', 'pods', 'snapshot', 'table', 'webhook', 'workloads'];
export const MOVED_APIS = [
  'access',
  'audit',
  'break-glass',
  'caches',
  'history',
  'incidents',
  'lifecycle',
  'pods',
  'snapshot',
  'table',
  'webhook',
  'workloads',
];

const MOVED = new RegExp(`^/(?:${MOVED_PAGES.join('|')}|api/(?:${MOVED_APIS.join('|')}))(?:/|$)`);

/**
 * Where one of today's URLs about one cluster is now: the same path and query in the default cluster; null for any
 * other target. `target` is the request's path and query as the request-target checks passed it (a path, no dot
 * segment, valid encoding), kept as sent.
 */
export function movedTo(target: string, defaultName: string): string | null {
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  return MOVED.test(path) ? `/c/${encodeURIComponent(defaultName)}${target}` : null;
}

export { pathInCluster } from '@/lib/routes';

/** Whether a path is about every cluster, so its answer depends on the rights in each. */
export const acrossClusters = (path: string, all: Pick<Clusters, 'all'>) => all.all.length > 1 && ACROSS.some((p) => p.test(path));
