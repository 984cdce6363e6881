// The JSON of GET /api/caches: the state of the server's watch-fed caches. Types only.
import type { CacheListing } from '@/lib/k8s/informer';

export type { CacheListing };

export interface CachesView {
  caches: CacheListing[];
}
