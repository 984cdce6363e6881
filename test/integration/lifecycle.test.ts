// The runbook's "Upgrading and removing the app" on the local cluster with Kyverno's stand-in: what GET /api/lifecycle
// says is what kubectl shows; an upgrade that drops the owner (the registration re-created without it) is flagged; the
// removal's deletes refused while an admission controller answers. The removal itself: lifecycle-removal.test.ts.
// Every test puts the cluster back as `cluster:up` left it: the owner, the Deployment, the CRDs and policy objects,
// the stand-in serving and registered.
import { afterEach, describe, expect, it } from 'vitest';
import { kubectl, kubectlJson, requirePodWebhook, until } from './cluster';
import {
  DEPLOYMENT,
  NS,
  OWNER,
  OWNERLESS,
  POD_REGISTRATION,
  admissionPods,
  kyvernoCrdsNow,
  putKyvernoBack,
  registrationsWithOwners,
} from './kyverno-removal';
import { auditOf, lifecycle, post } from './lifecycle-routes';
import { tokenOf } from './write-harness';

describe('GET /api/lifecycle on the healthy cluster', () => {
  it("checks every Kyverno registration's owner as the runbook's check shows them, and rings no alarm", async () => {
    requirePodWebhook();
    const view = await lifecycle();
    const owners = registrationsWithOwners();
    const kyverno = Object.entries(owners).filter(([name]) => name.includes('/kyverno-'));
    expect(view.registrations.ok && view.registrations.value.map((c) => `${c.kind}/${c.name}`).sort()).toEqual(
      kyverno.map(([n]) => n).sort(),
    );
    for (const check of view.registrations.ok ? view.registrations.value : []) {
      expect(check.owners).toEqual(owners[`${check.kind}/${check.name}`]!.map((o) => `ClusterRole/${o}`));
      expect(check.problem).toBeNull();
    }
    expect(view.alarm).toBeNull();
  });

  it('says what the admission controller runs, and what a removal would leave, as kubectl reads them', async () => {
    const deployment = kubectlJson<{
      metadata: { labels?: Record<string, string> };
      spec: { replicas: number; template: { spec: { containers: Array<{ image: string }> } } };
      status: { readyReplicas?: number };
    }>(['-n', NS, 'get', 'deployment', DEPLOYMENT]);
    const image = deployment.spec.template.spec.containers[0]!.image;
    const view = await lifecycle();
    expect(view.admission).toMatchObject({
      ok: true,
      value: {
        deployment: { desired: deployment.spec.replicas, ready: deployment.status.readyReplicas },
        pods: admissionPods().length,
        version: { chart: deployment.metadata.labels?.['helm.sh/chart'] ?? null, kyverno: image.split(':').pop(), image },
      },
    });
    expect(view.owner).toEqual({ ok: true, value: { name: OWNER, exists: true } });
    expect(view.crds).toEqual({ ok: true, value: kyvernoCrdsNow() });
    expect(view.removal?.leftovers.sort()).toEqual(OWNERLESS);
    expect(view.removal?.refused).toContain(`${deployment.status.readyReplicas} of ${deployment.spec.replicas} replicas ready`);
    expect(view.mutatingPolicy).toMatchObject({ ok: true, value: { exists: true, ready: true } });
    expect(view.table).toMatchObject({ ok: true, value: { exists: true, loaded: true } });
  });
});

describe('the removal deletes, while an admission controller still answers', () => {
  it('refuse with 409 and an audit record, deleting nothing', async () => {
    const before = registrationsWithOwners();
    const crds = kyvernoCrdsNow();
    const answer = await post('delete-registrations', {}, tokenOf('operator'));
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
      /^Refused: an admission controller still answers \(3 of 3 replicas ready, 3 pods left\)/,
    );
    const crdAnswer = await post('delete-crds', { confirm: `delete ${crds.length} CRDs` }, tokenOf('operator'));
    expect(crdAnswer.status).toBe(409);
    expect(registrationsWithOwners()).toEqual(before);
    expect(kyvernoCrdsNow()).toEqual(crds);
    const [record] = await auditOf('removal.delete-registrations');
    expect(record).toMatchObject({ actor: 'operator', outcome: 'refused', credential: 'pasted' });
    expect(record!.target).toBe(
      'validatingwebhookconfiguration/kyverno-exception-validating-webhook-cfg,kyverno-cel-exception-validating-webhook-cfg,' +
        'kyverno-global-context-validating-webhook-cfg',
    );
    expect(record!.detail).toContain('still answers');
  });

  it('refuse without a write credential (401), before any call and without a record', async () => {
    const records = (await auditOf('removal.delete-registrations')).length;
    const answer = await post('delete-registrations', {});
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    expect((await auditOf('removal.delete-registrations')).length).toBe(records);
  });

  it('refuse a CRD confirmation not typed as the page shows it (400)', async () => {
    const answer = await post('delete-crds', { confirm: 'yes' }, tokenOf('operator'));
    expect(answer.status).toBe(400);
  });
});

describe('an upgrade that drops the owner', () => {
  afterEach(putKyvernoBack, 300_000);

  it('is flagged: the pod registration re-created without its owner is the alarm, the chart as the Deployment says', async () => {
    requirePodWebhook();
    kubectl(['-n', NS, 'label', 'deployment', DEPLOYMENT, 'helm.sh/chart=kyverno-3.9.2', '--overwrite'], 'admin');
    // without its owner ClusterRole the garbage collector takes the owned registrations, and the stand-in's leader
    // re-creates them with no owner: what a Kyverno that stopped setting it leaves after a sync
    kubectl(['delete', 'clusterrole', OWNER], 'admin');
    await until(
      'the pod registration re-created without an owner',
      () => {
        const owners = registrationsWithOwners()[`MutatingWebhookConfiguration/${POD_REGISTRATION}`];
        return owners !== undefined && owners.length === 0;
      },
      90_000,
    );
    // memdash reads the registrations from its watch, a moment behind kubectl, and Kyverno re-creates them one by one:
    // the view is compared with kubectl's list taken after it, until the watch has caught up with every re-creation
    const unowned = () =>
      Object.entries(registrationsWithOwners())
        .filter(([name, owners]) => /\/kyverno-(resource|policy|verify)-/.test(name) && owners.length === 0)
        .map(([name]) => name.slice(name.indexOf('/') + 1))
        .sort();
    const flagged = (answer: Awaited<ReturnType<typeof lifecycle>>) =>
      (answer.registrations.ok ? answer.registrations.value : [])
        .filter((c) => c.problem !== null)
        .map((c) => c.name)
        .sort();
    const view = await until(
      'the alarm, with every registration kubectl shows without an owner flagged',
      async () => {
        const answer = await lifecycle();
        return answer.alarm !== null && JSON.stringify(flagged(answer)) === JSON.stringify(unowned()) && answer;
      },
      30_000,
    );
    expect(view.alarm).toContain(`${POD_REGISTRATION}: no owner`);
    expect(flagged(view)).toEqual(unowned());
    expect(view.admission.ok && view.admission.value.version?.chart).toBe('kyverno-3.9.2');
    expect(view.owner).toEqual({ ok: true, value: { name: OWNER, exists: false } });
    await putKyvernoBack();
    // memdash reads the registrations from its watch, a moment behind kubectl
    await until('the alarm gone with the owner back', async () => (await lifecycle()).alarm === null, 30_000);
  });
});
