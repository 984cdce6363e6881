import 'server-only';
import { failedCreatesByOwner, type FailedCreateGroup } from '@/lib/domain';
import { settings } from '@/lib/config';
import type { KubeClients } from './client';

/** Recent FailedCreate events anywhere whose message names the pod webhook, grouped by the controller that tried. */
export async function readFailedCreates(k: KubeClients): Promise<FailedCreateGroup[]> {
  const events = await k.core.listEventForAllNamespaces({ fieldSelector: 'reason=FailedCreate' });
  return failedCreatesByOwner(events.items, settings().webhookEntry).slice(0, 20);
}
