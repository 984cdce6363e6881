// Every write route, each with a body it would accept: with no write credential it answers 401 before any cluster
// call, and with a token the cluster does not accept it answers 401 too, having done nothing. The break-glass probe
// is the one step that runs without a credential (it only reads), so only the refused token is tried on it. What the
// cluster holds is compared before and after: the table, Kyverno's Deployment, the webhook registrations, the Jobs.
import { describe, expect, it } from 'vitest';
import { kubectl } from '../integration/cluster';
import { postFromOwnPage, serverLog } from './http';

const ROUTES: Array<{ path: string; body: unknown }> = [
  { path: '/api/access', body: { checks: [{ verb: 'patch', group: '', resource: 'configmaps', namespace: 'kyverno-prd' }] } },
  { path: '/api/break-glass/scale-down', body: {} },
  { path: '/api/break-glass/delete-registrations', body: {} },
  { path: '/api/break-glass/scale-up', body: {} },
  { path: '/api/break-glass/drill/save', body: { confirm: 'kyverno-admission-controller' } },
  { path: '/api/break-glass/drill/create-saved', body: {} },
  { path: '/api/lifecycle/delete-registrations', body: {} },
  { path: '/api/lifecycle/delete-crds', body: { confirm: 'delete 2 CRDs' } },
  { path: '/api/history/imports', body: { fileName: 'memory-requests-2026-10-01.json', content: '{}' } },
  { path: '/api/snapshot/runs', body: {} },
  { path: '/api/table/override', body: { confirm: 'memory-requests', resourceVersion: '1' } },
  { path: '/api/table/restore', body: { versionId: 1, resourceVersion: '1' } },
  { path: '/api/workloads/shop/cart/restart', body: { kind: 'Deployment' } },
];
const PROBE = '/api/break-glass/probe';
const REFUSED_TOKEN = 'memdash-test-token-the-cluster-does-not-know';

/** What a write would change: the table's and the Deployment's resourceVersions, the registrations, the Jobs. */
function clusterState(): Record<string, string> {
  const rv = (args: string[]) => kubectl([...args, '-o', 'jsonpath={.metadata.resourceVersion}'], 'admin');
  const names = (args: string[]) =>
    kubectl([...args, '-o', 'name'], 'admin')
      .split('\n')
      .filter(Boolean)
      .sort()
      .join(' ');
  return {
    table: rv(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']),
    admission: rv(['-n', 'kyverno-prd', 'get', 'deployment', 'kyverno-admission-controller']),
    cart: rv(['-n', 'shop', 'get', 'deployment', 'cart']),
    registrations: names(['get', 'mutatingwebhookconfigurations,validatingwebhookconfigurations']),
    jobs: names(['-n', 'kyverno-prd', 'get', 'jobs']),
  };
}

describe('every write route', () => {
  it(`answers 401 with no write credential and with one the cluster refuses (${ROUTES.length} routes and the probe)`, async () => {
    const before = clusterState();
    for (const { path, body } of ROUTES) {
      const none = await postFromOwnPage(path, body);
      expect({ path, status: none.status, code: JSON.parse(none.body).error?.code }).toEqual({ path, status: 401, code: 'unauthorized' });
    }
    for (const { path, body } of [...ROUTES, { path: PROBE, body: {} }]) {
      const refused = await postFromOwnPage(path, body, { authorization: `Bearer ${REFUSED_TOKEN}` });
      expect({ path, status: refused.status }).toEqual({ path, status: 401 });
      expect(refused.body).not.toContain(REFUSED_TOKEN);
    }
    expect(clusterState()).toEqual(before);
    expect(serverLog()).not.toContain(REFUSED_TOKEN);
  });
});
