import type { OwnerRef, WebhookEntryShape } from './types';

// Whether pod creation is safe, from what the cluster says about Kyverno's admission controller and the pod
// webhook's registration. The probe (probe.ts) is direct evidence and may overrule this: see webhookVerdict.

export type WebhookStateCode = 'healthy' | 'degraded' | 'refusing' | 'break-glass' | 'starting' | 'orphaned' | 'unknown';

export const WEBHOOK_STATE_WORDS: Record<WebhookStateCode, string> = {
  healthy: 'Healthy',
  degraded: 'Degraded',
  refusing: 'Refusing pod creation',
  'break-glass': 'Break-glass: no webhook',
  starting: 'Starting',
  orphaned: 'Registration without its owner',
  unknown: 'Unknown',
};

/**
 * The error codes of a read or a probe that did not reach the API server (lib/errors.ts): then nothing memdash holds
 * says whether pods are created. A cache still holds the objects as they were, and would read healthy.
 */
const OUT_OF_REACH = new Set(['unreachable']);

/** Whether a failed read's or probe's error means the API server was not reached (not a refusal of memdash's right). */
export function outOfReach(error: { code: string }): boolean {
  return OUT_OF_REACH.has(error.code);
}

/**
 * The state when the API server cannot be reached or the probe cannot run: unknown, not the last state read. It is
 * the runbook's "the API token or the apiserver VIP is the broken thing": the way out is on a control-plane node.
 */
export function unknownState(why: string): WebhookState {
  return {
    code: 'unknown',
    reason: `${why}: whether pods are created is not known. If they are refused, restore pod creation from a control-plane node`,
  };
}

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
