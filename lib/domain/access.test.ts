import { describe, expect, it } from 'vitest';
import { accessAnswer, describeCheck } from './access';

describe('access answers in words', () => {
  it('names the verb, resource, object and namespace', () => {
    expect(describeCheck({ verb: 'create', group: 'batch', resource: 'jobs', namespace: 'kyverno-prd' })).toBe(
      'create jobs in kyverno-prd',
    );
    expect(describeCheck({ verb: 'patch', group: '', resource: 'configmaps', namespace: 'kyverno-prd', name: 'memory-requests' })).toBe(
      'patch configmaps memory-requests in kyverno-prd',
    );
    expect(
      describeCheck({
        verb: 'update',
        group: 'apps',
        resource: 'deployments',
        subresource: 'scale',
        namespace: 'kyverno-prd',
        name: 'kac',
      }),
    ).toBe('update deployments/scale kac in kyverno-prd');
    expect(describeCheck({ verb: 'delete', group: 'admissionregistration.k8s.io', resource: 'mutatingwebhookconfigurations' })).toBe(
      'delete mutatingwebhookconfigurations (cluster-wide)',
    );
  });

  it("says may, or may not with the authorizer's reason", () => {
    const check = { verb: 'create', group: 'batch', resource: 'jobs', namespace: 'kyverno-prd' };
    expect(accessAnswer(check, true, 'RBAC: allowed by RoleBinding').text).toBe('may create jobs in kyverno-prd');
    expect(accessAnswer(check, false, '').text).toBe('may not create jobs in kyverno-prd');
    expect(accessAnswer(check, false, 'no RBAC policy matched')).toMatchObject({
      allowed: false,
      reason: 'no RBAC policy matched',
      text: 'may not create jobs in kyverno-prd: no RBAC policy matched',
    });
  });
});
