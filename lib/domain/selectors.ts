import type { LabelSelector, LabelSelectorRequirement, WebhookEntryShape } from './types';

// Which pods the API server sends to Kyverno is decided by the registration's own selectors. They are read from
// the registration, never copied here, so memdash stays right when the skips change.

export type SkipReason = 'skipped-namespace' | 'skipped-label';

/** The label the API server puts on every namespace; a webhook's namespaceSelector can match its name by it. */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

/** Whether labels satisfy a selector. An empty or absent selector matches everything, as a webhook's does. */
export function selectorMatches(selector: LabelSelector | null | undefined, labels: Record<string, string>): boolean {
  return unmetRequirement(selector, labels) === null;
}

/** The first requirement of the selector the labels fail, in words with both sides, or null when they match. */
export function unmetRequirement(selector: LabelSelector | null | undefined, labels: Record<string, string>): string | null {
  for (const [key, value] of Object.entries(selector?.matchLabels ?? {})) {
    if (labels[key] !== value) return `${key}=${value} is required, and the labels have ${shown(labels, key)}`;
  }
  for (const requirement of selector?.matchExpressions ?? []) {
    if (!requirementMet(requirement, labels))
      return `${describeRequirement(requirement)} is required, and the labels have ${shown(labels, requirement.key)}`;
  }
  return null;
}

// As metav1.LabelSelectorRequirement defines them. The API server refuses any other operator in a registration,
// so an unknown one can only come from a hand-made object: it matches nothing rather than everything.
function requirementMet({ key, operator, values = [] }: LabelSelectorRequirement, labels: Record<string, string>): boolean {
  const value = labels[key];
  switch (operator) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    default:
      return false;
  }
}

/** A requirement as kubectl writes selectors: "app.kubernetes.io/managed-by notin (kubecoder)". */
export function describeRequirement({ key, operator, values = [] }: LabelSelectorRequirement): string {
  if (operator === 'Exists') return key;
  if (operator === 'DoesNotExist') return `!${key}`;
  return `${key} ${operator.toLowerCase()} (${values.join(', ')})`;
}

function shown(labels: Record<string, string>, key: string): string {
  const value = labels[key];
  return value === undefined ? `no ${key} label` : `${key}=${value}`;
}

/** Namespace labels as the API server keeps them: with the name label it sets on every namespace. */
export function withNameLabel(namespace: string, labels: Record<string, string>): Record<string, string> {
  return { [NAMESPACE_NAME_LABEL]: namespace, ...labels };
}

/** Why the registration never sends this pod to Kyverno, or null when it does. */
export function skipReason(
  entry: WebhookEntryShape,
  namespaceLabels: Record<string, string>,
  podLabels: Record<string, string>,
): SkipReason | null {
  if (!selectorMatches(entry.namespaceSelector, namespaceLabels)) return 'skipped-namespace';
  if (!selectorMatches(entry.objectSelector, podLabels)) return 'skipped-label';
  return null;
}

/** Which namespaces the registration's namespaceSelector sends to Kyverno, and which it skips, in the given order. */
export function coveredNamespaces(
  entry: WebhookEntryShape,
  namespaces: Array<{ name: string; labels: Record<string, string> }>,
): { covered: string[]; skipped: string[] } {
  const covered: string[] = [];
  const skipped: string[] = [];
  for (const { name, labels } of namespaces) {
    (selectorMatches(entry.namespaceSelector, withNameLabel(name, labels)) ? covered : skipped).push(name);
  }
  return { covered, skipped };
}
