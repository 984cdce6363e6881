import 'server-only';
import type { Rights } from '@/lib/domain/rights';
import { cacheListings } from '@/lib/k8s/caches';
import type { CacheView, CachesView } from './caches-types';

export type { CachesView };

/**
 * The caches started so far (each starts on its first use) and whether each is trusted now, for one person. How many
 * objects a cache holds, and the digest of their names, are of every namespace: only for those who see every one.
 */
export function readCachesView(rights: Rights): CachesView {
  const listings = cacheListings();
  if (rights.pods === 'all') return { caches: listings };
  return { caches: listings.map((c): CacheView => ({ ...c, objects: null, digest: null })) };
}
