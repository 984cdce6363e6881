import 'server-only';
import { failedCreatesByOwner, type FailedCreateGroup } from '@/lib/domain';
import { settings } from '@/lib/config';
import type { KubeClients } from './client';
import { FAILED_CREATE_EVENTS, readCaches, type KubeCaches } from './caches';
import { readEvents } from './events';

/** Recent FailedCreate events anywhere whose message names the pod webhook, grouped by the controller that tried. */
export async function readFailedCreates(
  k: KubeClients,
  caches: Pick<KubeCaches, 'failedCreates'> = readCaches(),
): Promise<FailedCreateGroup[]> {
  const events = await readEvents(k, caches.failedCreates, FAILED_CREATE_EVENTS);
  return failedCreatesByOwner(events, settings().webhookEntry).slice(0, 20);
}
