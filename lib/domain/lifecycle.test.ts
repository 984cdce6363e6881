import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { kyvernoRegistrationList, registration } from './__fixtures__/webhook-fixtures';
import {
  admissionVersionOf,
  crdConfirmation,
  KYVERNO_CRD_PATTERN,
  kyvernoCrds,
  lifecycleCommands,
  removalState,
  stillAnswers,
  upgradeAlarm,
} from './lifecycle';
import { checkRegistrations, type RegistrationShape } from './registrations';
import { REMOVAL_ACTIONS } from './removal-actions';

const OWNER = 'kyverno-prd:webhook';
const POD = 'kyverno-resource-mutating-webhook-cfg';
const GONE = { deployment: null, pods: 0 };

/** The real Kyverno's eight: the stand-in's five and three more of the owned kinds, owned as v1.19.1 owns them. */
function realEight(): RegistrationShape[] {
  const like = (name: string, kind: RegistrationShape['kind']) => ({
    ...registration(POD),
    kind,
    metadata: { ...registration(POD).metadata, name },
  });
  return [
    ...kyvernoRegistrationList,
    like('kyverno-resource-validating-webhook-cfg', 'ValidatingWebhookConfiguration'),
    like('kyverno-policy-mutating-webhook-cfg', 'MutatingWebhookConfiguration'),
    like('kyverno-verify-mutating-webhook-cfg', 'MutatingWebhookConfiguration'),
  ];
}

function withoutOwner(name: string): RegistrationShape {
  const r = registration(name);
  delete r.metadata.ownerReferences;
  return r;
}

describe('upgradeAlarm: the owner removal depends on', () => {
  it('is quiet for the stand-in five and the real eight as v1.19.1 writes them', () => {
    expect(upgradeAlarm(checkRegistrations(kyvernoRegistrationList, OWNER), POD)).toBeNull();
    const eight = checkRegistrations(realEight(), OWNER);
    expect(eight).toHaveLength(8);
    expect(
      eight
        .filter((c) => c.expectedOwner === null)
        .map((c) => c.name)
        .sort(),
    ).toEqual([
      'kyverno-cel-exception-validating-webhook-cfg',
      'kyverno-exception-validating-webhook-cfg',
      'kyverno-global-context-validating-webhook-cfg',
    ]);
    expect(upgradeAlarm(eight, POD)).toBeNull();
  });

  it('rings when the pod registration was re-created without its owner', () => {
    const checks = checkRegistrations([withoutOwner(POD), registration('kyverno-policy-validating-webhook-cfg')], OWNER);
    expect(upgradeAlarm(checks, POD)).toBe(
      `${POD}: no owner: it outlives the app, and a Fail one refuses what it covers once Kyverno is gone. ` +
        'It refuses covered pods once no admission controller answers.',
    );
  });

  it('is not rung by another registration missing its owner (the table flags that one), nor by an absent one', () => {
    const checks = checkRegistrations([withoutOwner('kyverno-policy-validating-webhook-cfg')], OWNER);
    expect(checks[0]!.problem).toContain('outlives the app');
    expect(upgradeAlarm(checks, POD)).toBeNull();
  });
});

describe('admissionVersionOf', () => {
  it("reads the chart from helm.sh/chart and Kyverno's version from the kyverno container's tag", () => {
    const v = admissionVersionOf({ 'helm.sh/chart': 'kyverno-3.9.1' }, [
      { name: 'kyverno-pre', image: 'reg.kyverno.io/kyverno/kyvernopre:v1.19.0' },
      { name: 'kyverno', image: 'reg.kyverno.io:443/kyverno/kyverno:v1.19.1' },
    ]);
    expect(v).toEqual({ chart: 'kyverno-3.9.1', kyverno: 'v1.19.1', image: 'reg.kyverno.io:443/kyverno/kyverno:v1.19.1' });
  });

  it('says nothing it cannot read: no label, an image by digest or without a tag', () => {
    expect(admissionVersionOf(undefined, [{ name: 'x', image: 'reg.local:5000/kyverno@sha256:abc' }])).toMatchObject({
      chart: null,
      kyverno: null,
    });
    expect(admissionVersionOf({}, [{ name: 'kyverno', image: 'kyverno' }]).kyverno).toBeNull();
    expect(admissionVersionOf({}, [])).toEqual({ chart: null, kyverno: null, image: null });
  });
});

describe('stillAnswers: the cleanup waits for the last admission controller', () => {
  it('refuses while a replica is ready or a pod is left, and names them', () => {
    expect(stillAnswers({ deployment: { desired: 3, ready: 3 }, pods: 3 })).toBe(
      'an admission controller still answers (3 of 3 replicas ready, 3 pods left): remove the app first, or keep these',
    );
    expect(stillAnswers({ deployment: null, pods: 1 })).toContain('its Deployment deleted, 1 pods left');
  });

  it('allows once the Deployment is gone or at zero with no pod left', () => {
    expect(stillAnswers(GONE)).toBeNull();
    expect(stillAnswers({ deployment: { desired: 0, ready: 0 }, pods: 0 })).toBeNull();
  });
});

describe('removalState', () => {
  it('after a removal that left the owner-less three: exactly them, the CRDs, no refusal', () => {
    const left = kyvernoRegistrationList.filter((r) => !r.metadata.ownerReferences?.length);
    const state = removalState(checkRegistrations(left, OWNER), ['a.kyverno.io'], GONE, POD);
    expect(state).toEqual({
      leftovers: [
        'kyverno-cel-exception-validating-webhook-cfg',
        'kyverno-exception-validating-webhook-cfg',
        'kyverno-global-context-validating-webhook-cfg',
      ],
      owned: [],
      podRegistrationOrphaned: false,
      crds: ['a.kyverno.io'],
      refused: null,
    });
  });

  it("names an owner-less pod registration left behind: it is not the cleanup's, the break-glass deletes it", () => {
    const state = removalState(checkRegistrations([withoutOwner(POD)], OWNER), [], GONE, POD);
    expect(state).toMatchObject({ leftovers: [], owned: [POD], podRegistrationOrphaned: true });
  });

  it('a validating registration of another name is never a leftover', () => {
    const other = { ...registration('kyverno-exception-validating-webhook-cfg'), kind: 'MutatingWebhookConfiguration' as const };
    expect(removalState(checkRegistrations([other], OWNER), [], GONE, POD).leftovers).toEqual([]);
  });
});

describe('kyvernoCrds', () => {
  it("picks what the runbook's grep picks, sorted", () => {
    const names = [
      'policies.kyverno.io',
      'clusters.postgresql.cnpg.io',
      'policyreports.wgpolicyk8s.io',
      'kyverno.io.example.com',
      'a.kyverno.io',
    ];
    expect(kyvernoCrds(names)).toEqual(['a.kyverno.io', 'policies.kyverno.io', 'policyreports.wgpolicyk8s.io']);
  });

  it('never picks a group that only ends in the same letters', () => {
    const names = [
      'rtwidgets.redteam-notkyverno.io',
      'things.notkyverno.io',
      'reports.evilwgpolicyk8s.io',
      'policies.kyverno.io',
      'policyreports.wgpolicyk8s.io',
    ];
    expect(kyvernoCrds(names)).toEqual(['policies.kyverno.io', 'policyreports.wgpolicyk8s.io']);
  });

  const HOSTILE = ['rtwidgets.redteam-notkyverno.io', 'reports.evilwgpolicyk8s.io', 'x.kyverno.iox', 'kyvernoXio'];
  const KYVERNOS = ['mutatingpolicies.policies.kyverno.io', 'clusterpolicyreports.wgpolicyk8s.io', 'updaterequests.kyverno.io'];

  it('agrees with grep -E on the same names', () => {
    const names = [...KYVERNOS, ...HOSTILE];
    const grep = execFileSync('grep', ['-E', KYVERNO_CRD_PATTERN], { input: names.join('\n') + '\n', encoding: 'utf8' });
    expect(grep.trim().split('\n').sort()).toEqual([...KYVERNOS].sort());
    expect(kyvernoCrds(names)).toEqual([...KYVERNOS].sort());
  });

  it("the delete command's grep, on `get crd -o name`'s lines, picks only Kyverno's", () => {
    const lines = [...KYVERNOS, ...HOSTILE].map((n) => `customresourcedefinition.apiextensions.k8s.io/${n}`);
    const grep = execFileSync('grep', ['-E', KYVERNO_CRD_PATTERN], { input: lines.join('\n') + '\n', encoding: 'utf8' });
    expect(
      grep
        .trim()
        .split('\n')
        .map((l) => l.split('/')[1])
        .sort(),
    ).toEqual([...KYVERNOS].sort());
  });
});

describe("the runbook's commands", () => {
  const c = lifecycleCommands('cexec iac kubectl');

  it("are the runbook's, word for word, but the CRDs' grep anchored at a dot", () => {
    expect(c.ownerCheck).toBe(
      "cexec iac kubectl get mutatingwebhookconfigurations,validatingwebhookconfigurations \\\n  -o custom-columns='NAME:.metadata.name,OWNER:.metadata.ownerReferences[*].name' | grep kyverno",
    );
    expect(c.deleteLeftovers).toBe(
      'cexec iac kubectl $KC delete validatingwebhookconfiguration kyverno-exception-validating-webhook-cfg kyverno-cel-exception-validating-webhook-cfg kyverno-global-context-validating-webhook-cfg',
    );
    expect(c.deleteCrds).toBe(
      "cexec iac kubectl get crd -o name | grep -E '(^|\\.)kyverno\\.io$|(^|\\.)wgpolicyk8s\\.io$' | xargs cexec iac kubectl $KC delete",
    );
  });

  it('parse in a real shell as the words they name', () => {
    const words = execFileSync('sh', ['-c', `set -- ${c.deleteLeftovers.replace('$KC', 'KC')}; printf '%s\\n' "$@"`], { encoding: 'utf8' });
    expect(words.trim().split('\n').slice(-3)).toEqual(REMOVAL_ACTIONS['delete-registrations'].target.name.split(', '));
  });

  it('each delete copies its own commands; the CRD delete wants the count typed', () => {
    expect(REMOVAL_ACTIONS['delete-registrations'].commands(c)).toEqual([c.listRegistrations, c.deleteLeftovers]);
    expect(REMOVAL_ACTIONS['delete-crds'].commands(c)).toEqual([c.deleteCrds]);
    expect(REMOVAL_ACTIONS['delete-crds'].confirm?.(22)).toBe(crdConfirmation(22));
    expect(crdConfirmation(22)).toBe('delete 22 CRDs');
    expect(REMOVAL_ACTIONS['delete-registrations'].confirm).toBeUndefined();
  });
});
