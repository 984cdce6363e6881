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
 * Whether the pod webhook's entry is registered now. `absentSince` stays null here: only the history store knows when
 * a registration disappeared, and the read models fill it in from there (lib/views/at-creation.ts).
 */
export async function readRegistration(k: KubeClients): Promise<RegistrationState> {
  const configuration = await readWebhookConfiguration(k);
  const entry = configuration?.webhooks?.find((w) => w.name === settings().webhookEntry) ?? null;
  return { present: entry !== null, entry, absentSince: null };
}
