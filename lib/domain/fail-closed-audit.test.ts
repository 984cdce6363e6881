import { describe, expect, it } from 'vitest';
import { namespaceLabels } from './__fixtures__/fixtures';
import { kyvernoRegistrationList, policyAgent, registration } from './__fixtures__/webhook-fixtures';
import { failClosedAudit } from './fail-closed-audit';

const GUARDED = ['kyverno-prd', 'kube-system', 'argocd-prd', 'argocd-hooks'].map((name) => ({ name, labels: namespaceLabels(name) }));

describe('failClosedAudit', () => {
  it("does not flag Kyverno's pod webhook: its own selectors skip every guarded namespace", () => {
    const findings = failClosedAudit([registration('kyverno-resource-mutating-webhook-cfg')], GUARDED);
    expect(findings).toEqual([]);
  });

  it("notes Kyverno's policy webhooks as blocking repair, not pod creation", () => {
    const findings = failClosedAudit(kyvernoRegistrationList, GUARDED);
    expect(findings.map((f) => f.registration)).toEqual([
      'kyverno-cel-exception-validating-webhook-cfg',
      'kyverno-exception-validating-webhook-cfg',
      'kyverno-global-context-validating-webhook-cfg',
      'kyverno-policy-validating-webhook-cfg',
    ]);
    expect(findings.every((f) => f.severity === 'blocks-repair')).toBe(true);
    expect(findings.find((f) => f.registration === 'kyverno-global-context-validating-webhook-cfg')!.explanation).toContain(
      'globalcontextentries.kyverno.io',
    );
  });

  it('flags a Fail pod webhook covering every namespace as a deadlock risk, first; its Ignore entry is not flagged', () => {
    const findings = failClosedAudit([...kyvernoRegistrationList, policyAgent], GUARDED);
    expect(findings[0]).toMatchObject({
      registration: 'policy-agent-validating-webhook',
      entry: 'pods.policy-agent.example.com',
      severity: 'deadlock',
      namespaces: ['kyverno-prd', 'kube-system', 'argocd-prd', 'argocd-hooks'],
      objectSelector: null,
    });
    expect(findings.some((f) => f.entry === 'audit.policy-agent.example.com')).toBe(false);
  });

  it("flags Kyverno's pod webhook once its skips lose kyverno-prd, naming only the namespaces it covers", () => {
    const widened = registration('kyverno-resource-mutating-webhook-cfg');
    widened.webhooks![0]!.namespaceSelector = {
      matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: ['kube-system', 'argocd-prd', 'argocd-hooks'] }],
    };
    const [finding] = failClosedAudit([widened], GUARDED);
    expect(finding).toMatchObject({
      severity: 'deadlock',
      namespaces: ['kyverno-prd'],
      objectSelector: 'app.kubernetes.io/managed-by notin (kubecoder)',
    });
    expect(finding!.explanation).toContain('pod creates in kyverno-prd are refused');
  });

  it('counts an entry without failurePolicy as Fail', () => {
    const agent = structuredClone(policyAgent);
    delete agent.webhooks![0]!.failurePolicy;
    expect(failClosedAudit([agent], GUARDED)).toHaveLength(1);
  });
});
