import 'server-only';
import type { V1MutatingWebhookConfiguration } from '@kubernetes/client-node';
import type { RegistrationState } from '@/lib/domain';
import { settings } from '@/lib/config';
import { readOrNull, type KubeClients } from './client';

/** The pod webhook's registration (MutatingWebhookConfiguration), or null while it is deleted (break-glass). */
export async function readWebhookConfiguration(k: KubeClients): Promise<V1MutatingWebhookConfiguration | null> {
  const name = settings().webhookConfiguration;
  return readOrNull(() => k.admission.readMutatingWebhookConfiguration({ name }));
}

/**
 * Whether the pod webhook's entry is registered now. `absentSince` stays null: only the history store can tell
 * when a registration disappeared, and it does not exist yet.
 */
export async function readRegistration(k: KubeClients): Promise<RegistrationState> {
  const configuration = await readWebhookConfiguration(k);
  const entry = configuration?.webhooks?.find((w) => w.name === settings().webhookEntry) ?? null;
  return { present: entry !== null, entry, absentSince: null };
}
