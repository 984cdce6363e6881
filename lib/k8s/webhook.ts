import 'server-only';
import type { V1MutatingWebhookConfiguration } from '@kubernetes/client-node';
import type { RegistrationState } from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import { readOrNull } from './client';
import { whenFresh } from './caches';

/** The pod webhook's registration (MutatingWebhookConfiguration), or null while it is deleted (break-glass). */
export async function readWebhookConfiguration(cluster: Cluster): Promise<V1MutatingWebhookConfiguration | null> {
  const name = cluster.facts.webhookConfiguration;
  return readOrNull(() => cluster.clients().admission.readMutatingWebhookConfiguration({ name }));
}

/**
 * Whether the pod webhook's entry is registered now. `absentSince` stays null here: only the history store knows when
 * a registration disappeared, and the read models fill it in from there (lib/views/at-creation.ts).
 */
export async function readRegistration(cluster: Cluster): Promise<RegistrationState> {
  const name = cluster.facts.webhookConfiguration;
  // wrapped: a fresh cache's "deleted" (null) is an answer, not a reason to read directly
  const cached = whenFresh(cluster.caches().mutating, (c) => ({
    found: (c.get(undefined, name) ?? null) as V1MutatingWebhookConfiguration | null,
  }));
  const configuration = cached ? cached.found : await readWebhookConfiguration(cluster);
  const entry = configuration?.webhooks?.find((w) => w.name === cluster.facts.webhookEntry) ?? null;
  return { present: entry !== null, entry, absentSince: null };
}
