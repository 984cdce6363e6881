import 'server-only';
import type { KubeClients } from './client';
import { whenFresh } from './caches';
import type { Informer } from './informer';
import { slimEvent, type CachedEvent } from './slim';

/**
 * Events in every namespace under a field selector: from their watch-fed cache when it can be trusted, else read
 * directly with the same selector (slimmed the same way, so both give the same answer).
 */
export async function readEvents(k: KubeClients, cache: Informer<CachedEvent>, fieldSelector: string): Promise<CachedEvent[]> {
  return whenFresh(cache, (c) => c.list()) ?? (await k.core.listEventForAllNamespaces({ fieldSelector })).items.map(slimEvent);
}
