import 'server-only';
import type { V1MutatingWebhookConfiguration, V1ValidatingWebhookConfiguration } from '@kubernetes/client-node';
import type { RegistrationShape } from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import { whenFresh } from './caches';

/** Every webhook registration of the cluster, both kinds: Kyverno's are picked out, the audit looks at all. */
export async function listRegistrations(cluster: Cluster): Promise<RegistrationShape[]> {
  const caches = cluster.caches();
  const k = cluster.clients();
  const mutatingCached = whenFresh(caches.mutating, (c) => c.list() as V1MutatingWebhookConfiguration[]);
  const validatingCached = whenFresh(caches.validating, (c) => c.list() as V1ValidatingWebhookConfiguration[]);
  const [mutating, validating] = await Promise.all([
    mutatingCached ?? k.admission.listMutatingWebhookConfiguration().then((l) => l.items),
    validatingCached ?? k.admission.listValidatingWebhookConfiguration().then((l) => l.items),
  ]);
  return withKinds(mutating, validating);
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
