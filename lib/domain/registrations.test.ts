import { describe, expect, it } from 'vitest';
import { kyvernoRegistrationList, policyAgent, registration } from './__fixtures__/webhook-fixtures';
import { checkRegistrations, kyvernoRegistrations } from './registrations';

const OWNER = 'kyverno-prd:webhook';
const MANAGED_BY = { key: 'webhook.kyverno.io/managed-by', value: 'kyverno' };

describe('kyvernoRegistrations', () => {
  it("picks Kyverno's by label, sorted, and leaves other products' out", () => {
    const names = kyvernoRegistrations([policyAgent, ...kyvernoRegistrationList], MANAGED_BY).map((r) => r.metadata.name);
    expect(names).toEqual([
      'kyverno-cel-exception-validating-webhook-cfg',
      'kyverno-exception-validating-webhook-cfg',
      'kyverno-global-context-validating-webhook-cfg',
      'kyverno-policy-validating-webhook-cfg',
      'kyverno-resource-mutating-webhook-cfg',
    ]);
  });

  it('keeps the owner-less ones by name when a removal left them without their label', () => {
    const leftOver = registration('kyverno-global-context-validating-webhook-cfg');
    delete leftOver.metadata.labels;
    expect(kyvernoRegistrations([leftOver], MANAGED_BY)).toHaveLength(1);
  });
});

describe('checkRegistrations: the runbook upgrade expectation', () => {
  it('passes for every registration as Kyverno v1.19.1 writes them', () => {
    const checks = checkRegistrations(kyvernoRegistrationList, OWNER);
    expect(checks.map((c) => c.problem)).toEqual([null, null, null, null, null]);
    const byName = Object.fromEntries(checks.map((c) => [c.name, c]));
    expect(byName['kyverno-resource-mutating-webhook-cfg']).toMatchObject({
      kind: 'MutatingWebhookConfiguration',
      owners: [`ClusterRole/${OWNER}`],
      expectedOwner: `ClusterRole/${OWNER}`,
      entries: [{ name: 'mpol.validate.kyverno.svc-fail', failurePolicy: 'Fail' }],
    });
    expect(byName['kyverno-exception-validating-webhook-cfg']).toMatchObject({ owners: [], expectedOwner: null });
  });

  it('flags a resource registration that lost its owner: it outlives the app', () => {
    const orphan = registration('kyverno-resource-mutating-webhook-cfg');
    orphan.metadata.ownerReferences = [];
    expect(checkRegistrations([orphan], OWNER)[0]!.problem).toContain('outlives the app');
  });

  it('flags a wrong owner, and an owner on a registration Kyverno leaves owner-less', () => {
    const wrong = registration('kyverno-policy-validating-webhook-cfg');
    wrong.metadata.ownerReferences![0]!.name = 'kyverno:webhook';
    const owned = registration('kyverno-global-context-validating-webhook-cfg');
    owned.metadata.ownerReferences = [{ kind: 'ClusterRole', name: OWNER }];
    const [a, b] = checkRegistrations([wrong, owned], OWNER);
    expect(a!.problem).toBe(`owned by ClusterRole/kyverno:webhook instead of ClusterRole/${OWNER}`);
    expect(b!.problem).toContain('Kyverno sets no owner here');
  });

  it('expects the owner on kyverno-verify-* too', () => {
    const verify = registration('kyverno-policy-validating-webhook-cfg');
    verify.metadata.name = 'kyverno-verify-mutating-webhook-cfg';
    verify.metadata.ownerReferences = [];
    expect(checkRegistrations([verify], OWNER)[0]!.expectedOwner).toBe(`ClusterRole/${OWNER}`);
  });
});
