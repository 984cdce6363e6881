// Every write route, each with a body it would accept: with no write credential it answers 401 before any cluster
// call, and with a token the cluster does not accept it answers 401 too, having done nothing. The break-glass probe
// is the one step that runs without a credential (it only reads), so only the refused token is tried on it. The API
// server's audit log says what reached it: nothing with a credential and no write by anyone memdash acts as.
import { describe, expect, it } from 'vitest';
import { auditWindow, callsBy, UNAUTHENTICATED, writesBy } from '../audit';
import { postFromOwnPage, serverLog } from './http';

const ROUTES: Array<{ path: string; body: unknown }> = [
  { path: '/c/local/api/access', body: { checks: [{ verb: 'patch', group: '', resource: 'configmaps', namespace: 'kyverno-prd' }] } },
  { path: '/c/local/api/break-glass/scale-down', body: {} },
  { path: '/c/local/api/break-glass/delete-registrations', body: {} },
  { path: '/c/local/api/break-glass/scale-up', body: {} },
  { path: '/c/local/api/break-glass/drill/save', body: { confirm: 'kyverno-admission-controller' } },
  { path: '/c/local/api/break-glass/drill/create-saved', body: {} },
  { path: '/c/local/api/lifecycle/delete-registrations', body: {} },
  { path: '/c/local/api/lifecycle/delete-crds', body: { confirm: 'delete 2 CRDs' } },
  { path: '/c/local/api/history/imports', body: { fileName: 'memory-requests-2026-10-01.json', content: '{}' } },
  { path: '/c/local/api/snapshot/runs', body: {} },
  { path: '/c/local/api/table/override', body: { confirm: 'memory-requests', resourceVersion: '1' } },
  { path: '/c/local/api/table/restore', body: { versionId: 1, resourceVersion: '1' } },
  { path: '/c/local/api/workloads/shop/cart/restart', body: { kind: 'Deployment' } },
];
const PROBE = '/c/local/api/break-glass/probe';
const REFUSED_TOKEN = 'memdash-test-token-the-cluster-does-not-know';

describe('every write route', () => {
  it(`answers 401 with no write credential and with one the cluster refuses (${ROUTES.length} routes and the probe)`, async () => {
    const withoutCredential = auditWindow();
    for (const { path, body } of ROUTES) {
      const none = await postFromOwnPage(path, body);
      expect({ path, status: none.status, code: JSON.parse(none.body).error?.code }).toEqual({ path, status: 401, code: 'unauthorized' });
    }
    // no credential: no call at all but memdash's own reads as the viewer (its caches), and no write by anyone it acts as
    const none = await withoutCredential.calls();
    expect(callsBy(none, 'operator', UNAUTHENTICATED)).toEqual([]);
    expect(writesBy(none, 'viewer')).toEqual([]);

    const withRefusedToken = auditWindow();
    for (const { path, body } of [...ROUTES, { path: PROBE, body: {} }]) {
      const refused = await postFromOwnPage(path, body, { authorization: `Bearer ${REFUSED_TOKEN}` });
      expect({ path, status: refused.status }).toEqual({ path, status: 401 });
      expect(refused.body).not.toContain(REFUSED_TOKEN);
    }
    // the token is tried once per route (who is it: a SelfSubjectReview), the cluster answers 401, and nothing else follows
    const refused = await withRefusedToken.calls();
    expect(callsBy(refused, UNAUTHENTICATED)).toEqual(
      [...ROUTES, PROBE].map(() => ({
        user: UNAUTHENTICATED,
        verb: 'create',
        resource: 'authentication.k8s.io/selfsubjectreviews',
        code: 401,
      })),
    );
    expect(callsBy(refused, 'operator')).toEqual([]);
    expect(writesBy(refused, 'viewer')).toEqual([]);
    expect(serverLog()).not.toContain(REFUSED_TOKEN);
  });
});
