import type { OwnerRef, WebhookEntryShape } from './types';

// Whether pod creation is safe, from what the cluster says about Kyverno's admission controller and the pod
// webhook's registration. The probe (probe.ts) is direct evidence and may overrule this: see webhookVerdict.

export type WebhookStateCode = 'healthy' | 'degraded' | 'refusing' | 'break-glass' | 'starting' | 'orphaned';

export const WEBHOOK_STATE_WORDS: Record<WebhookStateCode, string> = {
  healthy: 'Healthy',
  degraded: 'Degraded',
  refusing: 'Refusing pod creation',
  'break-glass': 'Break-glass: no webhook',
  starting: 'Starting',
  orphaned: 'Registration without its owner',
};

export interface WebhookState {
  code: WebhookStateCode;
  /** In words, with the numbers behind it. */
  reason: string;
}

export interface WebhookStateInput {
  /** The admission controller's Deployment; null when it does not exist. */
  replicas: { desired: number; ready: number } | null;
  /** The pod webhook's registration; null while it is deleted. */
  registration: { entries: WebhookEntryShape[]; ownerReferences: OwnerRef[] } | null;
  /** The entry that sends pods to Kyverno (mpol.validate.kyverno.svc-fail). */
  entryName: string;
  /** The ClusterRole that should own the registration, so that it goes with the app. */
  ownerName: string;
}

/** The registration's failurePolicy as the API server applies it: admissionregistration/v1 defaults to Fail. */
export function failurePolicyOf(entry: WebhookEntryShape): string {
  return entry.failurePolicy ?? 'Fail';
}

/** Whether the registration names the expected ClusterRole among its owners. */
export function ownedBy(ownerReferences: OwnerRef[], ownerName: string): boolean {
  return ownerReferences.some((o) => o.kind === 'ClusterRole' && o.name === ownerName);
}

/** The state of pod admission, from the Deployment's replicas and the registration. */
export function webhookStateOf(input: WebhookStateInput): WebhookState {
  const { replicas, registration, entryName, ownerName } = input;
  const ready = replicas?.ready ?? 0;
  const replicaWords = replicas ? `${ready} of ${replicas.desired} replicas ready` : 'the admission controller Deployment does not exist';
  const entry = registration?.entries.find((e) => e.name === entryName) ?? null;

  if (!entry) {
    const what = registration ? `the registration stands without its entry ${entryName}` : 'no registration';
    if (ready > 0) {
      return {
        code: 'starting',
        reason: `${replicaWords} but ${what} yet: pods are admitted untouched until the leader registers it (every 10 s)`,
      };
    }
    return { code: 'break-glass', reason: `${replicaWords} and ${what}: pods are admitted untouched and get no request from the table` };
  }
  const policy = failurePolicyOf(entry);
  if (ready === 0) {
    if (policy === 'Fail') {
      return {
        code: 'refusing',
        reason: `the registration stands with failurePolicy Fail and ${replicaWords}: every pod create in a covered namespace is refused`,
      };
    }
    return {
      code: 'break-glass',
      reason: `${replicaWords}; the registration's failurePolicy is ${policy}, so pods are admitted untouched once each call fails`,
    };
  }
  if (!ownedBy(registration!.ownerReferences, ownerName)) {
    const owners = registration!.ownerReferences.map((o) => `${o.kind}/${o.name}`).join(', ') || 'no owner';
    return {
      code: 'orphaned',
      reason: `the registration has ${owners}, not ClusterRole ${ownerName}: it would outlive the app and refuse pods after a removal`,
    };
  }
  if (replicas && ready < replicas.desired) {
    return { code: 'degraded', reason: `${replicaWords}: still answering, with less headroom` };
  }
  return {
    code: 'healthy',
    reason: `${replicaWords}; the registration stands with ${entryName} (failurePolicy ${policy}) and its owner ClusterRole ${ownerName}`,
  };
}
