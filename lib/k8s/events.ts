import 'server-only';
import type { CoreV1EventList } from '@kubernetes/client-node';
import type { KubeClients } from './client';
import { FAILED_CREATE_EVENTS, OOM_KILLING_EVENTS, POD_END_REASONS, whenFresh, type KubeCaches } from './caches';
import type { Informer } from './informer';
import { slimEvent, type CachedEvent } from './slim';

/**
 * The events of `cache` that `keep` keeps when the cache can be trusted, else `readDirectly`'s, read with a selector
 * that keeps the same ones (slimmed the same way, so both give the same answer).
 */
async function cachedOrRead(
  cache: Informer<CachedEvent>,
  keep: ((e: CachedEvent) => boolean) | null,
  readDirectly: () => Promise<CoreV1EventList>,
): Promise<CachedEvent[]> {
  return whenFresh(cache, (c) => (keep ? c.list().filter(keep) : c.list())) ?? (await readDirectly()).items.map(slimEvent);
}

/** Events in every namespace under a field selector: from their watch-fed cache, or read directly with it. */
export function readEvents(k: KubeClients, cache: Informer<CachedEvent>, fieldSelector: string): Promise<CachedEvent[]> {
  return cachedOrRead(cache, null, () => k.core.listEventForAllNamespaces({ fieldSelector }));
}

/**
 * A controller's FailedCreate events (the pod page's "why no pod was made"): from the FailedCreate cache, or read
 * directly in its namespace while that cache is behind. Not a read per page: events are not in the API server's
 * watch cache, so each read scans them all in etcd.
 */
export function readFailedCreatesOf(
  k: KubeClients,
  namespace: string,
  name: string,
  caches: Pick<KubeCaches, 'failedCreates'>,
): Promise<CachedEvent[]> {
  const fieldSelector = `involvedObject.name=${name},${FAILED_CREATE_EVENTS}`;
  return cachedOrRead(
    caches.failedCreates,
    (e) => e.metadata.namespace === namespace && e.involvedObject.name === name,
    () => k.core.listNamespacedEvent({ namespace, fieldSelector }),
  );
}

/**
 * A node's OOMKilling events (node-problem-detector's kernel kills): from the OOMKilling cache, or read directly
 * while it is behind. Read directly on each pod page, this was a scan of every event of the cluster.
 */
export function readOomKillsOn(k: KubeClients, node: string, caches: Pick<KubeCaches, 'oomKillingEvents'>): Promise<CachedEvent[]> {
  const fieldSelector = `involvedObject.kind=Node,involvedObject.name=${node},${OOM_KILLING_EVENTS}`;
  return cachedOrRead(
    caches.oomKillingEvents,
    (e) => e.involvedObject.kind === 'Node' && e.involvedObject.name === node,
    () => k.core.listEventForAllNamespaces({ fieldSelector }),
  );
}

/**
 * A pod's own events of the reasons the pod page lists (POD_END_REASONS), by reason: from their caches, or, while any
 * of them is behind, read directly in its namespace. Read directly on each pod page, this was a scan of every event of the
 * namespace in etcd, the largest part of the page's cost to the API server.
 */
export async function readPodEndEventsOf(
  k: KubeClients,
  namespace: string,
  name: string,
  caches: Pick<KubeCaches, 'podEndEvents'>,
): Promise<CachedEvent[]> {
  const mine = (e: CachedEvent) => e.involvedObject.kind === 'Pod' && e.involvedObject.name === name;
  const cached = POD_END_REASONS.map((reason) => whenFresh(caches.podEndEvents[reason], (c) => c.listIn(namespace).filter(mine)));
  if (cached.every((events) => events !== null)) return cached.flat();
  const read = (await k.core.listNamespacedEvent({ namespace, fieldSelector: `involvedObject.name=${name}` })).items.map(slimEvent);
  // in the caches' order: by reason
  return POD_END_REASONS.flatMap((reason) => read.filter((e) => mine(e) && e.reason === reason));
}
