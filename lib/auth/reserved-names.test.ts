import { describe, expect, it } from 'vitest';
import { reservedNameProblem } from './reserved-names';

describe('reservedNameProblem: the names the API server keeps for itself', () => {
  it('refuses a sign-in in group system:masters, naming the group', () => {
    const problem = reservedNameProblem({ user: 'mallory', groups: ['platform', 'system:masters'] });
    expect(problem).toMatch(/group "system:masters"/);
    expect(problem).toMatch(/identity provider/);
  });

  it('refuses a user or any group in system:, as the userValidationRules of the API server do', () => {
    for (const who of [
      { user: 'system:admin', groups: [] },
      { user: 'system:serviceaccount:kyverno:kyverno-admission-controller', groups: ['platform'] },
      { user: 'mallory', groups: ['system:nodes'] },
      { user: 'mallory', groups: ['system:serviceaccounts:kube-system'] },
    ])
      expect({ who, refused: reservedNameProblem(who) !== null }).toEqual({ who, refused: true });
  });

  it('takes names that only look alike, and names a prefix moved out of system:', () => {
    for (const who of [
      { user: 'shop-reader', groups: ['shop-team'] },
      { user: 'oidc:system:admin', groups: ['oidc:system:masters'] },
      { user: 'platform-reader', groups: ['platform', 'systems', 'System:masters', 'team:system:x'] },
      { user: 'no-groups', groups: [] },
    ])
      expect({ who, problem: reservedNameProblem(who) }).toEqual({ who, problem: null });
  });

  it('shows a name back cut short and printable', () => {
    const problem = reservedNameProblem({ user: `system:${'x'.repeat(500)}\u0000<b>`, groups: [] })!;
    expect(problem.length).toBeLessThan(300);
    expect(problem).not.toMatch(/[\u0000-\u001f]/);
  });
});
