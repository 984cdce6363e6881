import 'server-only';
import type { RegistrationShape } from '@/lib/domain';
import type { KubeClients } from './client';

/** Every webhook registration of the cluster, both kinds: Kyverno's are picked out, the audit looks at all. */
export async function listRegistrations(k: KubeClients): Promise<RegistrationShape[]> {
  const [mutating, validating] = await Promise.all([
    k.admission.listMutatingWebhookConfiguration(),
    k.admission.listValidatingWebhookConfiguration(),
  ]);
  // A list's items carry no kind; it is set here so both kinds can be told apart in one list.
  return [
    ...mutating.items.map((r) => ({ ...r, kind: 'MutatingWebhookConfiguration' as const, metadata: { ...r.metadata, name: r.metadata?.name ?? '' } })),
    ...validating.items.map((r) => ({ ...r, kind: 'ValidatingWebhookConfiguration' as const, metadata: { ...r.metadata, name: r.metadata?.name ?? '' } })),
  ];
}
