// The JSON of GET /api/caches: the state of the server's watch-fed caches. Types only.
import type { CacheListing } from '@/lib/k8s/informer';

export type { CacheListing };

/** A cache's listing; what it holds (`objects`, `digest`) is null for someone who may not see every namespace. */
export type CacheView = Omit<CacheListing, 'objects' | 'digest'> & { objects: number | null; digest: string | null };

export interface CachesView {
  caches: CacheView[];
}
