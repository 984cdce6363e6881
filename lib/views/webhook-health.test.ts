// One panel's read failing on its own: the cluster's refusal as it came, with the permission the read needs.
import { describe, expect, it } from 'vitest';
import { part } from './part';

// What @kubernetes/client-node 2 throws for a 403: ApiException { code, body: the Status as text }.
function apiException(code: number, message: string): Error {
  return Object.assign(new Error(`HTTP-Code: ${code}`), {
    code,
    body: JSON.stringify({ kind: 'Status', status: 'Failure', message, code }),
  });
}

describe('part', () => {
  it('passes a read through', async () => {
    expect(await part('list pods in kyverno-prd', async () => 3)).toEqual({ ok: true, value: 3 });
  });

  it("turns a Forbidden read into that panel's error, naming the permission it needs", async () => {
    const message =
      'deployments.apps "kyverno-admission-controller" is forbidden: User "viewer" cannot get resource "deployments" in API group "apps" in the namespace "kyverno-prd"';
    const result = await part('get deployments.apps in kyverno-prd', () => Promise.reject(apiException(403, message)));
    expect(result).toEqual({ ok: false, error: { code: 'forbidden', message }, needs: 'get deployments.apps in kyverno-prd' });
  });

  it('says the API server cannot be reached when the connection is refused', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6443'), { code: 'ECONNREFUSED' });
    const result = await part('list namespaces', () => Promise.reject(refused));
    expect(result).toMatchObject({ ok: false, error: { code: 'unreachable' } });
  });
});
