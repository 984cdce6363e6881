import 'server-only';
import type { V1MutatingWebhookConfiguration } from '@kubernetes/client-node';
import type { RegistrationState } from '@/lib/domain';
import { settings } from '@/lib/config';
import { readOrNull, type KubeClients } from './client';
import { readCaches, whenFresh } from './caches';

/** The pod webhook's registration (MutatingWebhookConfiguration), or null while it is deleted (break-glass). */
export async function readWebhookConfiguration(k: KubeClients): Promise<V1MutatingWebhookConfiguration | null> {
  const name = settings().webhookConfiguration;
  return readOrNull(() => k.admission.readMutatingWebhookConfiguration({ name }));
}

/**
 * Whether the pod webhook's entry is registered now. `absentSince` stays null here: only the history store knows when
 * a registration disappeared, and the read models fill it in from there (lib/views/at-creation.ts).
 */
export async function readRegistration(k: KubeClients): Promise<RegistrationState> {
  const name = settings().webhookConfiguration;
  // wrapped: a fresh cache's "deleted" (null) is an answer, not a reason to read directly
  const cached = whenFresh(readCaches().mutating, (c) => ({
    found: (c.get(undefined, name) ?? null) as V1MutatingWebhookConfiguration | null,
  }));
  const configuration = cached ? cached.found : await readWebhookConfiguration(k);
  const entry = configuration?.webhooks?.find((w) => w.name === settings().webhookEntry) ?? null;
  return { present: entry !== null, entry, absentSince: null };
}
