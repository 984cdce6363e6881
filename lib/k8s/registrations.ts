import 'server-only';
import type { V1MutatingWebhookConfiguration, V1ValidatingWebhookConfiguration } from '@kubernetes/client-node';
import type { RegistrationShape } from '@/lib/domain';
import type { KubeClients } from './client';

/** Every webhook registration of the cluster, both kinds: Kyverno's are picked out, the audit looks at all. */
export async function listRegistrations(k: KubeClients): Promise<RegistrationShape[]> {
  const [mutating, validating] = await Promise.all([
    k.admission.listMutatingWebhookConfiguration(),
    k.admission.listValidatingWebhookConfiguration(),
  ]);
  return withKinds(mutating.items, validating.items);
}

/** A list's items carry no kind; it is set here so both kinds can be told apart in one list. */
export function withKinds(mutating: V1MutatingWebhookConfiguration[], validating: V1ValidatingWebhookConfiguration[]): RegistrationShape[] {
  return [
    ...mutating.map((r) => ({
      ...r,
      kind: 'MutatingWebhookConfiguration' as const,
      metadata: { ...r.metadata, name: r.metadata?.name ?? '' },
    })),
    ...validating.map((r) => ({
      ...r,
      kind: 'ValidatingWebhookConfiguration' as const,
      metadata: { ...r.metadata, name: r.metadata?.name ?? '' },
    })),
  ];
}
