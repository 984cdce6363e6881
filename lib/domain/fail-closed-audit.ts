import { describeRequirement, selectorMatches, withNameLabel } from './selectors';
import { failurePolicyOf } from './webhook-state';
import type { RegistrationKind, RegistrationShape, RuleShape } from './registrations';
import type { LabelSelector } from './types';

// A Fail webhook that covers the namespaces a cluster repairs itself from (Kyverno's own, kube-system, the GitOps
// ones) can deadlock it: when the webhook's backend is down, the pods or objects that would bring it back are refused.

export type AuditSeverity = 'deadlock' | 'blocks-repair';

export interface AuditFinding {
  kind: RegistrationKind;
  registration: string;
  entry: string;
  /** The guarded namespaces its namespaceSelector lets through. */
  namespaces: string[];
  severity: AuditSeverity;
  /** Its objectSelector in words, when it narrows what is sent ("only objects with …"). */
  objectSelector: string | null;
  explanation: string;
}

/** Every Fail entry, in any registration, whose selectors cover one of the guarded namespaces. */
export function failClosedAudit(
  registrations: RegistrationShape[],
  guarded: Array<{ name: string; labels: Record<string, string> }>,
): AuditFinding[] {
  const findings: AuditFinding[] = [];
  for (const registration of registrations) {
    for (const entry of registration.webhooks ?? []) {
      if (failurePolicyOf(entry) !== 'Fail') continue;
      const namespaces = guarded
        .filter((ns) => selectorMatches(entry.namespaceSelector, withNameLabel(ns.name, ns.labels)))
        .map((ns) => ns.name);
      if (namespaces.length === 0) continue;
      const severity: AuditSeverity = (entry.rules ?? []).some(touchesPods) ? 'deadlock' : 'blocks-repair';
      findings.push({
        kind: registration.kind,
        registration: registration.metadata.name,
        entry: entry.name,
        namespaces,
        severity,
        objectSelector: selectorWords(entry.objectSelector),
        explanation:
          severity === 'deadlock'
            ? `pod creates in ${namespaces.join(', ')} are refused while it does not answer: the pods that would repair it cannot start`
            : `creates and updates of ${resourcesOf(entry.rules ?? [])} there are refused while it does not answer, a GitOps sync of them too`,
      });
    }
  }
  return findings.sort((a, b) =>
    a.severity === b.severity ? a.registration.localeCompare(b.registration) : a.severity === 'deadlock' ? -1 : 1,
  );
}

/** Whether a rule sends pod creates: the core group (or any) and pods (or every resource). */
function touchesPods(rule: RuleShape): boolean {
  const group = (rule.apiGroups ?? []).some((g) => g === '' || g === '*');
  const resource = (rule.resources ?? []).some((r) => r === 'pods' || r === '*' || r === '*/*');
  const operation = (rule.operations ?? ['*']).some((o) => o === 'CREATE' || o === '*');
  return group && resource && operation;
}

function resourcesOf(rules: RuleShape[]): string {
  const names = [
    ...new Set(rules.flatMap((r) => (r.resources ?? []).map((res) => ((r.apiGroups ?? [''])[0] ? `${res}.${r.apiGroups![0]}` : res)))),
  ];
  if (names.length === 0) return 'what it matches';
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
}

function selectorWords(selector: LabelSelector | undefined): string | null {
  const parts = [
    ...Object.entries(selector?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`),
    ...(selector?.matchExpressions ?? []).map(describeRequirement),
  ];
  return parts.length === 0 ? null : parts.join(', ');
}
