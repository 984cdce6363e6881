import { failurePolicyOf } from './webhook-state';
import type { OwnerRef, WebhookEntryShape } from './types';

// The runbook's upgrade check: Kyverno v1.19.1 owns kyverno-resource-*, kyverno-policy-* and kyverno-verify-* by
// the ClusterRole *:webhook so that they go with the app; the exception and global-context ones have no owner.
// These names are Kyverno's own (fixed in its code), not this cluster's choice.

const OWNED_PREFIXES = ['kyverno-resource-', 'kyverno-policy-', 'kyverno-verify-'];

/** The owner-less registrations, listed by name because a removal may leave them without anything else. */
export const OWNERLESS_REGISTRATIONS = [
  'kyverno-exception-validating-webhook-cfg',
  'kyverno-cel-exception-validating-webhook-cfg',
  'kyverno-global-context-validating-webhook-cfg',
];

export type RegistrationKind = 'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration';

/** A webhook registration as lib/k8s reads it (either kind). */
export interface RegistrationShape {
  kind: RegistrationKind;
  metadata: { name: string; labels?: Record<string, string>; ownerReferences?: OwnerRef[]; creationTimestamp?: string | Date };
  webhooks?: Array<WebhookEntryShape & { rules?: RuleShape[] }>;
}

export interface RuleShape {
  apiGroups?: string[];
  resources?: string[];
  operations?: string[];
}

export interface RegistrationCheck {
  kind: RegistrationKind;
  name: string;
  entries: Array<{ name: string; failurePolicy: string }>;
  owners: string[];
  /** The owner the runbook expects, or null for "none". */
  expectedOwner: string | null;
  /** Why it does not meet the expectation, or null when it does. */
  problem: string | null;
}

/** Kyverno's registrations: those with its managed-by label, plus the owner-less ones by name. */
export function kyvernoRegistrations(all: RegistrationShape[], managedBy: { key: string; value: string }): RegistrationShape[] {
  return all
    .filter((r) => r.metadata.labels?.[managedBy.key] === managedBy.value || OWNERLESS_REGISTRATIONS.includes(r.metadata.name))
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
}

/** Each registration against the owner the runbook expects of it. */
export function checkRegistrations(registrations: RegistrationShape[], ownerName: string): RegistrationCheck[] {
  return registrations.map((r) => {
    const owners = (r.metadata.ownerReferences ?? []).map((o) => `${o.kind}/${o.name}`);
    const expectedOwner = OWNED_PREFIXES.some((p) => r.metadata.name.startsWith(p)) ? `ClusterRole/${ownerName}` : null;
    return {
      kind: r.kind,
      name: r.metadata.name,
      entries: (r.webhooks ?? []).map((w) => ({ name: w.name, failurePolicy: failurePolicyOf(w) })),
      owners,
      expectedOwner,
      problem: ownerProblem(owners, expectedOwner),
    };
  });
}

function ownerProblem(owners: string[], expected: string | null): string | null {
  if (expected === null) {
    return owners.length === 0 ? null : `owned by ${owners.join(', ')}; Kyverno sets no owner here`;
  }
  if (owners.includes(expected)) return null;
  return owners.length === 0
    ? `no owner: it outlives the app, and a Fail one refuses what it covers once Kyverno is gone`
    : `owned by ${owners.join(', ')} instead of ${expected}`;
}
