import 'server-only';
import type { Rights } from '@/lib/domain/rights';
import type { Cluster } from '@/lib/cluster/cluster';
import { cacheListingsOf } from '@/lib/k8s/caches';
import type { CacheView, CachesView } from './caches-types';

export type { CachesView };

/**
 * `cluster`'s caches started so far (each starts on its first use) and whether each is trusted now, for one person.
 * How many objects a cache holds, and the digest of their names, are of every namespace: only for those who see every
 * one.
 */
export function readCachesView(cluster: Cluster, rights: Rights): CachesView {
  const listings = cacheListingsOf(cluster);
  if (rights.pods === 'all') return { caches: listings };
  return { caches: listings.map((c): CacheView => ({ ...c, objects: null, digest: null })) };
}
