// The API server's audit log, the tests' oracle for what a write did (test/audit.ts): the running API server writes
// it (a warm one started without it is restarted by `up`), and what kubectl does shows in it as kubectl did it.
import { describe, expect, it } from 'vitest';
import { auditFlags, startedWithAudit } from './lib/audit.ts';
import { api, ApiError } from './lib/api.ts';
import { kubectl, requireCluster } from '../../test/integration/cluster';
import { auditWindow, isWrite, UNAUTHENTICATED } from '../../test/audit';

const current = requireCluster();

describe('the audit log', () => {
  it('is written by the running API server, started with the harness policy', () => {
    const apiserver = current.processes['kube-apiserver'];
    if (!apiserver) throw new Error('precondition failed: state.json records no kube-apiserver (npm run cluster:up)');
    expect(startedWithAudit(apiserver.pid, auditFlags())).toBe(true);
  });

  it("shows kubectl's create and delete of a ConfigMap as two writes by its user, with the name and the answer", async () => {
    const name = `memdash-audit-test-${Date.now()}`;
    const window = auditWindow();
    kubectl(['-n', 'default', 'create', 'configmap', name, '--from-literal=a=b'], 'admin');
    kubectl(['-n', 'default', 'delete', 'configmap', name], 'admin');
    const mine = (await window.calls()).filter((c) => c.name === name);
    expect(mine.filter(isWrite)).toEqual([
      { user: 'admin', verb: 'create', resource: '/configmaps', namespace: 'default', name, code: 201 },
      { user: 'admin', verb: 'delete', resource: '/configmaps', namespace: 'default', name, code: 200 },
    ]);
  });

  it('shows a token the cluster does not know as one unauthenticated call, answered 401', async () => {
    const window = auditWindow();
    const answer = await api('memdash-audit-test-unknown-token')
      .call('GET', '/api/v1/namespaces/kyverno-prd/configmaps/memory-requests')
      .catch((error: unknown) => error);
    expect(answer instanceof ApiError && answer.status).toBe(401);
    const unauthenticated = (await window.calls()).filter((c) => c.user === UNAUTHENTICATED);
    expect(unauthenticated).toEqual([
      { user: UNAUTHENTICATED, verb: 'get', resource: '/configmaps', namespace: 'kyverno-prd', name: 'memory-requests', code: 401 },
    ]);
  });
});
