import 'server-only';
import type { BreakGlassNames } from '@/lib/domain';
import type { ClusterFacts } from '@/lib/cluster/facts';
import type { BreakGlassNamesView } from './break-glass-types';
import type { WebhookHealth } from './webhook-health-types';

/**
 * The names of Kyverno's objects, of the probe and of the operators' kubectl, from one cluster's facts: what the webhook,
 * break-glass and drill pages show and fill into their commands (their answers' `names`).
 */
export function kyvernoNames(s: ClusterFacts): BreakGlassNames & BreakGlassNamesView & WebhookHealth['names'] {
  return {
    kubectl: s.kubectl,
    namespace: s.kyvernoNamespace,
    deployment: s.admissionDeployment,
    podSelector: s.admissionPodSelector,
    managedBySelector: s.webhookManagedBySelector,
    registration: s.webhookConfiguration,
    entry: s.webhookEntry,
    owner: s.webhookOwner,
    probeNamespace: s.probeNamespace,
    probePod: s.probePod,
    probeImage: s.probeImage,
  };
}
