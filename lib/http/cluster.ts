import 'server-only';
import { notFound } from 'next/navigation';
import { clusters } from '@/lib/cluster/registry';
import type { Cluster } from '@/lib/cluster/cluster';
import { AppError } from '@/lib/errors';

// The edge's one way to a Cluster: the route's or the page's `[cluster]` segment, or, on today's URLs without it, the
// default cluster. Everything below the edge takes the Cluster it is handed.

/** The cluster a route's segments name (404 for one memdash does not read), else the default cluster. */
export function clusterOf(params: { cluster?: string | string[] }): Cluster {
  const name = params.cluster;
  if (name === undefined) return clusters().defaultCluster;
  const found = typeof name === 'string' ? clusters().named(name) : undefined;
  if (!found) throw new AppError('not-found', 'memdash reads no cluster of that name.');
  return found;
}

/** The same for a page: Next's not-found page for a cluster memdash does not read. */
export function clusterOfPage(params: { cluster?: string | string[] }): Cluster {
  try {
    return clusterOf(params);
  } catch {
    notFound();
  }
}
