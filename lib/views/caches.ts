import 'server-only';
import { cacheListings } from '@/lib/k8s/caches';
import type { CachesView } from './caches-types';

export type { CachesView };

/** The caches started so far (each starts on its first use) and whether each is trusted now. */
export function readCachesView(): CachesView {
  return { caches: cacheListings() };
}
