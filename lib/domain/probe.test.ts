import { describe, expect, it } from 'vitest';
import { classifyProbe, verdictOf, webhookVerdict } from './probe';
import type { WebhookState } from './webhook-state';

const ENTRY = 'mpol.validate.kyverno.svc-fail';
const at = new Date('2026-10-06T10:00:00Z');
// The API server's words, as kubectl printed them for the runbook's probe on the local cluster.
const UNREACHABLE = `Internal error occurred: failed calling webhook "${ENTRY}": failed to call webhook: Post "https://kyverno-prd-svc.kyverno-prd.svc:443/mpol/memory-requests?timeout=10s": dial tcp 10.152.183.40:443: connect: connection refused`;
const DENIED = `admission webhook "${ENTRY}" denied the request: policy memory-requests: failed to evaluate: table not loaded`;
const OTHER = 'admission webhook "pods.policy-agent.example.com" denied the request: image busybox is not allowed';

describe('classifyProbe', () => {
  it('admitted', () => {
    expect(classifyProbe({ admitted: true }, ENTRY, at)).toMatchObject({
      outcome: 'admitted',
      message: null,
      at: '2026-10-06T10:00:00.000Z',
    });
  });

  it('unreachable: the API server could not call the webhook, and points to the break-glass', () => {
    const answer = classifyProbe({ admitted: false, message: UNREACHABLE }, ENTRY, at);
    expect(answer.outcome).toBe('unreachable');
    expect(answer.explanation).toContain('break-glass');
    expect(answer.message).toBe(UNREACHABLE);
  });

  it('denied: Kyverno answered with an error from the policy', () => {
    const answer = classifyProbe({ admitted: false, message: DENIED }, ENTRY, at);
    expect(answer.outcome).toBe('denied');
    expect(answer.explanation).toContain('the fix is in the policy');
  });

  it('refused by something else is not blamed on Kyverno', () => {
    expect(classifyProbe({ admitted: false, message: OTHER }, ENTRY, at).outcome).toBe('refused');
  });
});

describe('webhookVerdict', () => {
  const healthy: WebhookState = { code: 'healthy', reason: '3 of 3 replicas ready' };
  const refusing: WebhookState = { code: 'refusing', reason: 'no replica ready' };
  const probeAt = (outcome: 'admitted' | 'unreachable' | 'denied', secondsAgo: number) => {
    const message = outcome === 'admitted' ? null : outcome === 'denied' ? DENIED : UNREACHABLE;
    const answer = classifyProbe(
      message ? { admitted: false, message } : { admitted: true },
      ENTRY,
      new Date(at.getTime() - secondsAgo * 1000),
    );
    return answer;
  };

  it('without a probe the computed state stands', () => {
    expect(webhookVerdict(healthy, null, at)).toMatchObject({ state: healthy, contradiction: null });
  });

  it('a fresh refused probe overrules replicas that report Ready but do not answer', () => {
    const verdict = webhookVerdict(healthy, probeAt('unreachable', 5), at);
    expect(verdict.state.code).toBe('refusing');
    expect(verdict.computed.code).toBe('healthy');
    expect(verdict.contradiction).toContain('none answers');
    expect(verdict.state.reason).toContain('cannot call the webhook');
  });

  it('a stale probe is shown but not used', () => {
    const verdict = webhookVerdict(healthy, probeAt('unreachable', 120), at);
    expect(verdict.state.code).toBe('healthy');
    expect(verdict.contradiction).toBeNull();
    expect(verdict.probe?.outcome).toBe('unreachable');
  });

  it('an admitted probe while refusing is a contradiction, shown beside the state', () => {
    const verdict = webhookVerdict(refusing, probeAt('admitted', 1), at);
    expect(verdict.state.code).toBe('refusing');
    expect(verdict.contradiction).toContain('admitted');
  });

  it('a denial is flagged whatever the state', () => {
    expect(webhookVerdict(healthy, probeAt('denied', 1), at).contradiction).toContain('denied by the policy');
  });

  it('agreement is no contradiction', () => {
    expect(webhookVerdict(healthy, probeAt('admitted', 1), at).contradiction).toBeNull();
    expect(webhookVerdict(refusing, probeAt('unreachable', 1), at).contradiction).toBeNull();
  });
});

describe('verdictOf: the state when the API server or the probe cannot be had', () => {
  const healthy: WebhookState = { code: 'healthy', reason: '3 of 3 replicas ready' };
  const admitted = classifyProbe({ admitted: true }, ENTRY, new Date(at.getTime() - 5_000));
  // the words memdash's error mapper gives a refused connection to the API server (lib/errors.ts), as the route sends them
  const connectionRefused = {
    code: 'unreachable' as const,
    message: 'The Kubernetes API server could not be reached: connect ECONNREFUSED 127.0.0.1:6443',
  };

  it('a read that could not reach the API server is unknown, not the last healthy one, and says why', () => {
    const verdict = verdictOf({ ok: false, error: connectionRefused }, admitted, at);
    expect(verdict.state.code).toBe('unknown');
    expect(verdict.state.reason).toContain('memdash cannot reach the Kubernetes API server');
    expect(verdict.state.reason).toContain('ECONNREFUSED');
    expect(verdict.state.reason).toContain('control-plane node');
  });

  it('a state read from caches that still say healthy is unknown once the probe could not run for want of the API server', () => {
    const verdict = verdictOf({ ok: true, value: healthy }, admitted, at, connectionRefused);
    expect(verdict.state.code).toBe('unknown');
    expect(verdict.computed.code).toBe('healthy');
    expect(verdict.state.reason).toContain('The probe could not run');
  });

  it('a probe refused for a reason of memdash’s own (its RBAC) leaves the state as read', () => {
    const forbidden = { code: 'forbidden', message: 'pods is forbidden: cannot create resource "pods"' };
    expect(verdictOf({ ok: true, value: healthy }, null, at, forbidden).state.code).toBe('healthy');
  });

  it('a state that cannot be read for another reason is unknown too, with that reason', () => {
    const verdict = verdictOf({ ok: false, error: { code: 'forbidden', message: 'cannot list deployments' } }, null, at);
    expect(verdict.state).toMatchObject({
      code: 'unknown',
      reason: expect.stringContaining('The state cannot be read (cannot list deployments)'),
    });
  });

  it('with the API server answering, the verdict is webhookVerdict’s', () => {
    expect(verdictOf({ ok: true, value: healthy }, admitted, at)).toEqual(webhookVerdict(healthy, admitted, at));
  });
});
