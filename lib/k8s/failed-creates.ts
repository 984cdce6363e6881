import 'server-only';
import { failedCreatesByOwner, type FailedCreateGroup } from '@/lib/domain';
import { settings } from '@/lib/config';
import type { KubeClients } from './client';
import { FAILED_CREATE_EVENTS, readCaches, whenFresh, type KubeCaches } from './caches';
import { slimEvent } from './slim';

/** Recent FailedCreate events anywhere whose message names the pod webhook, grouped by the controller that tried. */
export async function readFailedCreates(
  k: KubeClients,
  caches: Pick<KubeCaches, 'failedCreates'> = readCaches(),
): Promise<FailedCreateGroup[]> {
  const events =
    whenFresh(caches.failedCreates, (c) => c.list()) ??
    (await k.core.listEventForAllNamespaces({ fieldSelector: FAILED_CREATE_EVENTS })).items.map(slimEvent);
  return failedCreatesByOwner(events, settings().webhookEntry).slice(0, 20);
}
