import 'server-only';
import type { KubeClients } from './client';
import { FAILED_CREATE_EVENTS, OOM_KILLING_EVENTS, readCaches, whenFresh, type KubeCaches } from './caches';
import type { Informer } from './informer';
import { slimEvent, type CachedEvent } from './slim';

/**
 * Events in every namespace under a field selector: from their watch-fed cache when it can be trusted, else read
 * directly with the same selector (slimmed the same way, so both give the same answer).
 */
export async function readEvents(k: KubeClients, cache: Informer<CachedEvent>, fieldSelector: string): Promise<CachedEvent[]> {
  return whenFresh(cache, (c) => c.list()) ?? (await k.core.listEventForAllNamespaces({ fieldSelector })).items.map(slimEvent);
}

/**
 * A controller's FailedCreate events (the pod page's "why no pod was made"): from the FailedCreate cache, or read
 * directly in its namespace while that cache is behind. Not a read per page: events are not in the API server's
 * watch cache, so each read scans them all in etcd.
 */
export async function readFailedCreatesOf(
  k: KubeClients,
  namespace: string,
  name: string,
  caches: Pick<KubeCaches, 'failedCreates'> = readCaches(),
): Promise<CachedEvent[]> {
  const of = (e: CachedEvent) => e.metadata.namespace === namespace && e.involvedObject.name === name;
  const cached = whenFresh(caches.failedCreates, (c) => c.list().filter(of));
  if (cached) return cached;
  const selector = `involvedObject.name=${name},${FAILED_CREATE_EVENTS}`;
  return (await k.core.listNamespacedEvent({ namespace, fieldSelector: selector })).items.map(slimEvent);
}

/**
 * A node's OOMKilling events (node-problem-detector's kernel kills): from the OOMKilling cache, or read directly
 * while it is behind. Read directly on each pod page, this was a scan of every event of the cluster.
 */
export async function readOomKillsOn(
  k: KubeClients,
  node: string,
  caches: Pick<KubeCaches, 'oomKillingEvents'> = readCaches(),
): Promise<CachedEvent[]> {
  const on = (e: CachedEvent) => e.involvedObject.kind === 'Node' && e.involvedObject.name === node;
  const cached = whenFresh(caches.oomKillingEvents, (c) => c.list().filter(on));
  if (cached) return cached;
  const selector = `involvedObject.kind=Node,involvedObject.name=${node},${OOM_KILLING_EVENTS}`;
  return (await k.core.listEventForAllNamespaces({ fieldSelector: selector })).items.map(slimEvent);
}
