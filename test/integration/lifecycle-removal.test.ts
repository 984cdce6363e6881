// The runbook's removal on the local cluster, then the lifecycle page's guarded cleanup: Kyverno killed so it cannot
// clean up, its Deployment deleted, the owner ClusterRole gone; what stays is the three owner-less registrations and
// Kyverno's CRDs. The guarded deletes must remove exactly those, counted with kubectl and the API server's audit log.
// Against the stand-in (group cluster: its 2 CRDs) and Kyverno v1.19.1 itself (group real-kyverno: its install
// manifest's 22, the runbook's count). Destructive: afterAll puts Kyverno back as `cluster:up` installs it (the
// real one's CRDs, RBAC and ConfigMaps from its manifest, the policy objects, Kyverno registered and holding the table).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditWindow, writesBy, type AuditWindow } from '../audit';
import { kubectl, requirePodWebhook, until } from './cluster';
import {
  OWNERLESS,
  kyvernoCrdsNow,
  kyvernoStanding,
  putKyvernoBack,
  realKyverno,
  registrationsWithOwners,
  removeKyverno,
} from './kyverno-removal';
import { auditOf, lifecycle, post } from './lifecycle-routes';
import { tokenOf } from './write-harness';

type RemovalAnswer = import('@/lib/views/lifecycle-types').RemovalAnswer;

/** The runbook's "Kyverno's 22 CRDs", as Kyverno v1.19.1's install manifest brings them. */
const REAL_CRDS = 22;
const KYVERNO_CRD = /(^|\.)kyverno\.io$|(^|\.)wgpolicyk8s\.io$/;

/** The operator's writes the API server logged in a window, as `verb resource name code`. */
async function operatorWrites(window: AuditWindow): Promise<string[]> {
  return writesBy(await window.calls(), 'operator').map((c) => `${c.verb} ${c.resource} ${c.name} ${c.code}`);
}

const allCrdsNow = () => kubectl(['get', 'crd', '-o', 'name']).split('\n').filter(Boolean).sort();
const notKyverno = (r: Record<string, string[]>) =>
  Object.keys(r)
    .filter((n) => !n.includes('/kyverno-'))
    .sort();

describe('a removal: the Deployment deleted, the ClusterRole gone', () => {
  let otherRegistrations: string[];

  beforeAll(async () => {
    requirePodWebhook();
    otherRegistrations = notKyverno(registrationsWithOwners());
    await removeKyverno();
  }, 300_000);
  afterAll(putKyvernoBack, 600_000);

  it('leaves the three owner-less registrations and the CRDs, as the page says', async () => {
    expect(kyvernoStanding()).toEqual(OWNERLESS.map((n) => `ValidatingWebhookConfiguration/${n}`));
    const crds = kyvernoCrdsNow();
    if (realKyverno()) expect(crds, "the runbook's count of Kyverno's CRDs").toHaveLength(REAL_CRDS);
    const view = await lifecycle();
    expect(view.admission).toMatchObject({ ok: true, value: { deployment: null, pods: 0 } });
    expect(view.removal).toMatchObject({ leftovers: expect.arrayContaining(OWNERLESS), refused: null, podRegistrationOrphaned: false });
    expect(view.removal!.leftovers).toHaveLength(3);
    expect(view.crds).toEqual({ ok: true, value: crds });
  });

  it('the guarded delete removes exactly the three registrations, and NotFound when pressed again', async () => {
    // the viewer may not delete registrations: the cluster's 403, as it said it
    const forbidden = await post('delete-registrations', {}, tokenOf('viewer'));
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { error: { message: string } }).error.message).toContain(
      'cannot delete resource "validatingwebhookconfigurations"',
    );
    expect(kyvernoStanding()).toHaveLength(3);

    const window = auditWindow();
    const answer = await post('delete-registrations', {}, tokenOf('operator'));
    expect(answer.status).toBe(200);
    const done = (await answer.json()) as RemovalAnswer;
    expect(done.deleted.sort()).toEqual(OWNERLESS);
    expect(kyvernoStanding()).toEqual([]);
    expect(notKyverno(registrationsWithOwners())).toEqual(otherRegistrations);
    const deletes = OWNERLESS.map((n) => `delete admissionregistration.k8s.io/validatingwebhookconfigurations ${n}`);
    expect((await operatorWrites(window)).sort()).toEqual(deletes.map((d) => `${d} 200`));
    const [record] = await auditOf('removal.delete-registrations');
    expect(record).toMatchObject({ actor: 'operator', outcome: 'success', credential: 'pasted' });
    for (const name of OWNERLESS) expect(record!.detail).toContain(name);

    // pressed again: the runbook's NotFound for each, nothing else touched
    const again = auditWindow();
    const second = (await (await post('delete-registrations', {}, tokenOf('operator'))).json()) as RemovalAnswer;
    expect({ deleted: second.deleted, notFound: second.notFound.sort() }).toEqual({ deleted: [], notFound: OWNERLESS });
    expect((await operatorWrites(again)).sort()).toEqual(deletes.map((d) => `${d} 404`));
  });

  it('the CRD delete needs the count typed as kubectl counts them, then deletes exactly those', async () => {
    const crds = kyvernoCrdsNow();
    const all = allCrdsNow();
    const window = auditWindow();
    const stale = await post('delete-crds', { confirm: `delete ${crds.length + 1} CRDs` }, tokenOf('operator'));
    expect(stale.status).toBe(409);
    expect(await operatorWrites(window)).toEqual([]);
    expect(kyvernoCrdsNow()).toEqual(crds);

    const crdAnswer = await post('delete-crds', { confirm: `delete ${crds.length} CRDs` }, tokenOf('operator'));
    expect(crdAnswer.status, await crdAnswer.clone().text()).toBe(200);
    expect(((await crdAnswer.json()) as RemovalAnswer).deleted.sort()).toEqual(crds);
    expect((await operatorWrites(window)).sort()).toEqual(
      crds.map((n) => `delete apiextensions.k8s.io/customresourcedefinitions ${n} 200`).sort(),
    );
    await until('the CRDs gone', () => kyvernoCrdsNow().length === 0, 120_000);
    expect(allCrdsNow()).toEqual(all.filter((n) => !KYVERNO_CRD.test(n)));
    expect((await auditOf('removal.delete-crds')).find((r) => r.outcome === 'success')).toMatchObject({ actor: 'operator' });
  });
});
