import { describe, expect, it } from 'vitest';
import { healthy, record } from './__fixtures__/break-glass-fixtures';
import { drillProgress } from './drill';

const save = record('2026-10-06T10:00:00Z', 'drill-save');
const down = record('2026-10-06T10:00:10Z', 'scale-down', { replicas: 3 });
const created = record('2026-10-06T10:01:00Z', 'drill-create-saved');
const deleted = record('2026-10-06T10:02:00Z', 'delete-registrations', { registrations: ['x'] });
const up = record('2026-10-06T10:03:00Z', 'scale-up', { replicas: 3 });
const atZero = { ...healthy, deployment: { desired: 0, ready: 0 }, podsLeft: [] };

describe('drillProgress', () => {
  it('before any drill the save is next', () => {
    expect(drillProgress(healthy)).toMatchObject({ startedAt: null, next: 'save', complete: false });
  });

  it('saved: the scale-down is next; scaled down, it waits for the pods and the registration to go', () => {
    expect(drillProgress({ ...healthy, records: [save] }).next).toBe('scale-down');
    const going = drillProgress({ ...healthy, deployment: { desired: 0, ready: 0 }, records: [save, down] });
    expect(going.next).toBeNull();
    expect(going.steps[1]!.checks.map((c) => c.status)).toEqual(['not-yet', 'not-yet']);
  });

  it('says when the registration did not go with the pods', () => {
    const p = drillProgress({ ...atZero, records: [save, down] });
    expect(p.steps[1]!.checks[1]).toMatchObject({ status: 'does-not-hold', found: 'It still stands' });
    expect(p.next).toBeNull();
  });

  it('registration gone: create the copy; then the probe must be refused before the delete', () => {
    const gone = { ...atZero, registrations: [], podRegistration: null };
    expect(drillProgress({ ...gone, records: [save, down] }).next).toBe('create-saved');
    const withCopy = { ...atZero, records: [save, down, created] };
    expect(drillProgress(withCopy)).toMatchObject({ next: null, probeWanted: true });
    const admitted = drillProgress({
      ...withCopy,
      records: [save, down, created, record('2026-10-06T10:01:10Z', 'probe', { probe: 'admitted', registrationPresent: true })],
    });
    expect(admitted.steps[2]!.checks[0]!.status).toBe('does-not-hold');
    const refused = drillProgress({
      ...withCopy,
      records: [save, down, created, record('2026-10-06T10:01:10Z', 'probe', { probe: 'unreachable', registrationPresent: true })],
    });
    expect(refused.next).toBe('delete-registrations');
  });

  it('through to the end: admitted after the delete, back with entry, owner and a probe through Kyverno', () => {
    const probeRefused = record('2026-10-06T10:01:10Z', 'probe', { probe: 'unreachable', registrationPresent: true });
    const probeAdmitted = record('2026-10-06T10:02:10Z', 'probe', { probe: 'admitted', registrationPresent: false });
    const records = [save, down, created, probeRefused, deleted, probeAdmitted];
    expect(drillProgress({ ...atZero, registrations: [], podRegistration: null, records }).next).toBe('scale-up');
    const starting = drillProgress({ ...healthy, deployment: { desired: 3, ready: 0 }, podRegistration: null, records: [...records, up] });
    expect(starting).toMatchObject({ next: null, probeWanted: false, complete: false });
    const registered = drillProgress({ ...healthy, records: [...records, up] });
    expect(registered.probeWanted).toBe(true);
    const done = drillProgress({
      ...healthy,
      records: [...records, up, record('2026-10-06T10:03:30Z', 'probe', { probe: 'admitted', registrationPresent: true })],
    });
    expect(done).toMatchObject({ complete: true, next: null });
  });
});
