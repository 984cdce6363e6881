import { describe, expect, it } from 'vitest';
import { healthy, record } from './__fixtures__/break-glass-fixtures';
import { breakGlassIndication, breakGlassProgress, gapStart, latestSession, type BreakGlassFacts } from './break-glass';

const NOW = new Date('2026-10-06T10:10:00Z');
const status = (facts: BreakGlassFacts, now = NOW) => Object.fromEntries(breakGlassProgress(facts, now).steps.map((s) => [s.id, s.status]));

describe('breakGlassProgress', () => {
  it('idle: nothing recorded and Kyverno up, the first step is the scale-down', () => {
    const p = breakGlassProgress(healthy, NOW);
    expect(p.phase).toBe('idle');
    expect(p.next).toBe('scale-down');
    expect(p.scaleUpTo).toBe(3);
  });

  it('scaled down, pods still going: waiting, the delete not offered yet', () => {
    const facts = {
      ...healthy,
      deployment: { desired: 0, ready: 0 },
      records: [record('2026-10-06T10:09:00Z', 'scale-down', { replicas: 2 })],
    };
    expect(status(facts)).toMatchObject({ 'scale-down': 'done', 'wait-pods': 'waiting', 'delete-registrations': 'pending' });
    const p = breakGlassProgress(facts, NOW);
    expect(p.next).toBeNull();
    expect(p.scaleUpTo).toBe(2);
  });

  it('after two minutes a pod stuck Terminating times out, and the delete is offered', () => {
    const facts = {
      ...healthy,
      deployment: { desired: 0, ready: 0 },
      podsLeft: [{ name: 'kac-1', node: 'srvk8s2', terminating: true }],
      records: [record('2026-10-06T10:07:00Z', 'scale-down', { replicas: 3 })],
    };
    expect(status(facts)).toMatchObject({ 'wait-pods': 'timed-out', 'delete-registrations': 'next' });
    expect(breakGlassProgress(facts, NOW).steps[1]!.detail).toContain('kac-1 on srvk8s2 (Terminating)');
  });

  it('pods gone, registrations standing (a crashed Kyverno): the delete is next', () => {
    const facts = {
      ...healthy,
      deployment: { desired: 0, ready: 0 },
      podsLeft: [],
      records: [record('2026-10-06T10:09:00Z', 'scale-down', { replicas: 3 })],
    };
    expect(breakGlassProgress(facts, NOW).next).toBe('delete-registrations');
  });

  it('deleted: the probe is next; admitted after the deletion, restored and the scale-up is next', () => {
    const records = [
      record('2026-10-06T10:01:00Z', 'scale-down', { replicas: 3 }),
      record('2026-10-06T10:02:00Z', 'delete-registrations', { registrations: ['a'] }),
    ];
    const facts = { ...healthy, deployment: { desired: 0, ready: 0 }, podsLeft: [], registrations: [], podRegistration: null, records };
    expect(breakGlassProgress(facts, NOW).next).toBe('probe');
    // a probe from before the deletion proves nothing
    const early = { ...facts, records: [records[0]!, record('2026-10-06T10:01:30Z', 'probe', { probe: 'admitted' }), records[1]!] };
    expect(breakGlassProgress(early, NOW).next).toBe('probe');
    const done = {
      ...facts,
      records: [...records, record('2026-10-06T10:03:00Z', 'probe', { probe: 'admitted', registrationPresent: false })],
    };
    const p = breakGlassProgress(done, NOW);
    expect(p.phase).toBe('restored');
    expect(p.next).toBe('scale-up');
    expect(p.session?.deletedAt).toBe('2026-10-06T10:02:00Z');
  });

  it('a second scale-down press keeps the count from before the first', () => {
    const s = latestSession([
      record('2026-10-06T10:01:00Z', 'scale-down', { replicas: 3 }),
      record('2026-10-06T10:01:05Z', 'scale-down', { replicas: 0 }),
    ]);
    expect(s?.replicasBefore).toBe(3);
    expect(s?.startedAt).toBe('2026-10-06T10:01:00Z');
  });

  it("a drill's session is a drill's: its registration saved before the scale-down", () => {
    const drill = latestSession([
      record('2026-10-06T10:00:00Z', 'drill-save'),
      record('2026-10-06T10:01:00Z', 'scale-down', { replicas: 3 }),
      record('2026-10-06T10:03:00Z', 'drill-create-saved'),
      record('2026-10-06T10:05:00Z', 'scale-up', { replicas: 3 }),
    ]);
    expect(drill).toMatchObject({ drill: true, scaledUpAt: '2026-10-06T10:05:00Z' });
    const after = latestSession([
      record('2026-10-06T10:00:00Z', 'drill-save'),
      record('2026-10-06T10:01:00Z', 'scale-down', { replicas: 3 }),
      record('2026-10-06T10:05:00Z', 'scale-up', { replicas: 3 }),
      record('2026-10-06T11:00:00Z', 'scale-down', { replicas: 3 }),
    ]);
    expect(after?.drill).toBe(false);
  });

  it('scaled to zero by hand: a session without a record, scale back to the default', () => {
    const p = breakGlassProgress({ ...healthy, deployment: { desired: 0, ready: 0 }, podsLeft: [], registrations: [] }, NOW);
    expect(p.phase).toBe('restoring');
    expect(p.next).toBe('probe');
    expect(p.scaleUpTo).toBe(3);
  });

  it('bringing back: waits for a Ready replica, then the registration, then the probe through Kyverno', () => {
    const records = [
      record('2026-10-06T10:01:00Z', 'scale-down', { replicas: 3 }),
      record('2026-10-06T10:02:00Z', 'delete-registrations', { registrations: ['a'] }),
      record('2026-10-06T10:03:00Z', 'probe', { probe: 'admitted', registrationPresent: false }),
      record('2026-10-06T10:05:00Z', 'scale-up', { replicas: 3 }),
    ];
    const starting = { ...healthy, deployment: { desired: 3, ready: 0 }, registrations: [], podRegistration: null, records };
    expect(status(starting)).toMatchObject({ 'scale-up': 'done', 'wait-ready': 'waiting', 'registration-back': 'pending' });
    const ready = { ...starting, deployment: { desired: 3, ready: 1 } };
    expect(status(ready)['registration-back']).toBe('waiting');
    const registered = { ...ready, podRegistration: { entry: true, owner: true } };
    expect(breakGlassProgress(registered, NOW).next).toBe('probe-through');
    // a probe admitted without the registration is not "through Kyverno"
    const without = {
      ...registered,
      records: [...records, record('2026-10-06T10:05:10Z', 'probe', { probe: 'admitted', registrationPresent: false })],
    };
    expect(breakGlassProgress(without, NOW).next).toBe('probe-through');
    const back = {
      ...registered,
      records: [...records, record('2026-10-06T10:06:00Z', 'probe', { probe: 'admitted', registrationPresent: true })],
    };
    const p = breakGlassProgress(back, NOW);
    expect(p.phase).toBe('back');
    expect(p.next).toBeNull();
  });

  it('a registration back without its owner is not back', () => {
    const records = [
      record('2026-10-06T10:01:00Z', 'scale-down', { replicas: 3 }),
      record('2026-10-06T10:05:00Z', 'scale-up', { replicas: 3 }),
    ];
    const facts = { ...healthy, podRegistration: { entry: true, owner: false }, records };
    expect(status(facts)['registration-back']).toBe('waiting');
  });

  it('a new scale-down after a completed one starts a new session', () => {
    const s = latestSession([
      record('2026-10-06T10:01:00Z', 'scale-down', { replicas: 3 }),
      record('2026-10-06T10:02:00Z', 'delete-registrations', { registrations: ['a'] }),
      record('2026-10-06T10:05:00Z', 'scale-up', { replicas: 3 }),
      record('2026-10-07T08:00:00Z', 'scale-down', { replicas: 2 }),
    ]);
    expect(s).toMatchObject({ startedAt: '2026-10-07T08:00:00Z', replicasBefore: 2, deletedAt: null, scaledUpAt: null });
  });
});

describe('gapStart', () => {
  it('prefers the recorded gap (its earliest possible start), then the recorded deletion', () => {
    const session = latestSession([record('2026-10-06T10:01:00Z', 'scale-down'), record('2026-10-06T10:02:00Z', 'delete-registrations')]);
    expect(gapStart(session, { from: '2026-10-06T10:02:01Z', since: '2026-10-06T10:01:59Z' })).toBe('2026-10-06T10:01:59Z');
    expect(gapStart(session, { from: '2026-10-06T10:02:01Z', since: null })).toBe('2026-10-06T10:02:01Z');
    expect(gapStart(session, null)).toBe('2026-10-06T10:02:00Z');
    expect(gapStart(null, null)).toBeNull();
  });
});

describe('breakGlassIndication', () => {
  const refusing = { code: 'refusing' as const, reason: '' };
  const healthyState = { code: 'healthy' as const, reason: '' };
  it('a refusal that fails to call the webhook: yes', () => {
    expect(breakGlassIndication(healthyState, 0, 'unreachable').code).toBe('yes');
    expect(breakGlassIndication(refusing, 0, null).code).toBe('yes');
  });
  it('denied the request: the fix is in the policy', () => {
    expect(breakGlassIndication(healthyState, 2, 'denied')).toMatchObject({
      code: 'policy',
      words: expect.stringContaining('the fix is in the policy'),
    });
  });
  it('admitted: not indicated; refused by something else: the break-glass would not help', () => {
    expect(breakGlassIndication(healthyState, 0, 'admitted').code).toBe('no');
    expect(breakGlassIndication(healthyState, 0, 'refused').code).toBe('unknown');
  });
});
