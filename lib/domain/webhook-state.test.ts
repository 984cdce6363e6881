import { describe, expect, it } from 'vitest';
import { admissionDeployment, podRegistration } from './__fixtures__/webhook-fixtures';
import { webhookStateOf, type WebhookStateInput } from './webhook-state';

const ENTRY = 'mpol.validate.kyverno.svc-fail';
const OWNER = 'kyverno-prd:webhook';
const replicas = (ready: number, desired = admissionDeployment.spec.replicas) => ({ desired, ready });
const input = (over: Partial<WebhookStateInput>): WebhookStateInput => ({
  replicas: replicas(admissionDeployment.status.readyReplicas ?? 0),
  registration: podRegistration(),
  entryName: ENTRY,
  ownerName: OWNER,
  ...over,
});

describe('webhookStateOf', () => {
  it('healthy: every replica ready, the registration with its entry and owner', () => {
    const state = webhookStateOf(input({}));
    expect(state.code).toBe('healthy');
    expect(state.reason).toContain('3 of 3 replicas ready');
  });

  it('degraded: fewer ready replicas than desired, still answering', () => {
    expect(webhookStateOf(input({ replicas: replicas(1) }))).toMatchObject({ code: 'degraded', reason: expect.stringContaining('1 of 3') });
  });

  it('refusing: the Fail registration stands and no replica is ready (a crash)', () => {
    const state = webhookStateOf(input({ replicas: replicas(0) }));
    expect(state.code).toBe('refusing');
    expect(state.reason).toContain('every pod create in a covered namespace is refused');
  });

  it("refusing also when the Deployment is gone and the registration stands (a removal that lost the owner's cleanup)", () => {
    expect(webhookStateOf(input({ replicas: null })).code).toBe('refusing');
  });

  it('break-glass: no replicas and no registration, pods admitted untouched', () => {
    const state = webhookStateOf(input({ replicas: replicas(0, 0), registration: null }));
    expect(state.code).toBe('break-glass');
    expect(state.reason).toContain('admitted untouched');
  });

  it('break-glass (not refusing) when the registration fails open', () => {
    const registration = podRegistration();
    registration.entries[0]!.failurePolicy = 'Ignore';
    expect(webhookStateOf(input({ replicas: replicas(0), registration })).code).toBe('break-glass');
  });

  it('starting: replicas ready but no registration yet', () => {
    expect(webhookStateOf(input({ registration: null })).code).toBe('starting');
    expect(webhookStateOf(input({ registration: { entries: [], ownerReferences: [] } })).reason).toContain(`without its entry ${ENTRY}`);
  });

  it('orphaned: the registration stands without its owner ClusterRole', () => {
    const state = webhookStateOf(input({ registration: { ...podRegistration(), ownerReferences: [] } }));
    expect(state.code).toBe('orphaned');
    expect(state.reason).toContain('no owner');
    expect(state.reason).toContain('outlive the app');
  });

  it('orphaned names a wrong owner', () => {
    const registration = podRegistration();
    registration.ownerReferences[0]!.name = 'kyverno:webhook';
    expect(webhookStateOf(input({ registration })).reason).toContain('ClusterRole/kyverno:webhook');
  });

  it('refusing wins over orphaned: the acute state is shown first', () => {
    expect(webhookStateOf(input({ replicas: replicas(0), registration: { ...podRegistration(), ownerReferences: [] } })).code).toBe(
      'refusing',
    );
  });

  it('an absent failurePolicy is Fail, as admissionregistration/v1 defaults it', () => {
    const registration = podRegistration();
    delete registration.entries[0]!.failurePolicy;
    expect(webhookStateOf(input({ replicas: replicas(0), registration })).code).toBe('refusing');
  });
});
