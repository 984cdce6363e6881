// The JSON of GET /api/caches: the state of the server's watch-fed caches. Types only.
import type { CacheStatus } from '@/lib/k8s/informer';

export type { CacheStatus };

export interface CachesView {
  caches: CacheStatus[];
}
