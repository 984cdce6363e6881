import { describe, expect, it } from 'vitest';
import { registrationAt, registrationChanges, registrationGaps, type RegistrationObservation } from './registration-history';

const seen = (at: string, present: boolean, more: Partial<RegistrationObservation> = {}): RegistrationObservation => ({
  at,
  present,
  uid: present ? 'uid-1' : null,
  createdAt: present ? '2026-09-01T00:00:00Z' : null,
  failurePolicy: present ? 'Fail' : null,
  owner: present ? 'kyverno-prd:webhook' : null,
  live: true,
  ...more,
});

describe('registrationGaps', () => {
  it('gives one gap from the deletion seen to the re-created object, and when the return was seen', () => {
    const observations = [
      seen('2026-10-06T09:00:00Z', true),
      seen('2026-10-06T10:00:00.500Z', false),
      seen('2026-10-06T10:20:03.100Z', true, { uid: 'uid-2', createdAt: '2026-10-06T10:20:03Z' }),
    ];
    expect(registrationGaps(observations)).toEqual([
      {
        from: '2026-10-06T10:00:00.500Z',
        since: '2026-10-06T10:00:00.500Z',
        to: '2026-10-06T10:20:03Z',
        seenBack: '2026-10-06T10:20:03.100Z',
      },
    ]);
  });

  it('has no time seen back for a return found on a list', () => {
    const observations = [
      seen('2026-10-06T09:00:00Z', true),
      seen('2026-10-06T10:00:00Z', false),
      seen('2026-10-06T12:00:00Z', true, { uid: 'uid-2', createdAt: '2026-10-06T11:00:00Z', live: false }),
    ];
    expect(registrationGaps(observations)).toEqual([
      { from: '2026-10-06T10:00:00Z', since: '2026-10-06T10:00:00Z', to: '2026-10-06T11:00:00Z' },
    ]);
  });

  it('leaves a gap open while the registration is absent', () => {
    expect(registrationGaps([seen('2026-10-06T09:00:00Z', true), seen('2026-10-06T10:00:00Z', false)])).toEqual([
      { from: '2026-10-06T10:00:00Z', since: '2026-10-06T10:00:00Z', to: null },
    ]);
  });

  it('gives an uncertain start to a deletion found on a list after memdash was down', () => {
    const observations = [seen('2026-10-06T09:00:00Z', true), seen('2026-10-06T11:00:00Z', false, { live: false })];
    expect(registrationGaps(observations)[0]).toEqual({ from: '2026-10-06T11:00:00Z', since: '2026-10-06T09:00:00Z', to: null });
  });

  it('finds a deletion and re-creation that happened while memdash was down by the new uid', () => {
    const observations = [
      seen('2026-10-06T09:00:00Z', true),
      seen('2026-10-06T12:00:00Z', true, { uid: 'uid-2', createdAt: '2026-10-06T11:00:00Z', live: false }),
    ];
    expect(registrationGaps(observations)).toEqual([
      { from: '2026-10-06T11:00:00Z', since: '2026-10-06T09:00:00Z', to: '2026-10-06T11:00:00Z' },
    ]);
  });

  it('ends a gap at the observation when only the entry came back', () => {
    const observations = [
      seen('2026-10-06T09:00:00Z', true),
      seen('2026-10-06T10:00:00Z', false, { uid: 'uid-1', createdAt: '2026-09-01T00:00:00Z' }),
      seen('2026-10-06T10:05:00Z', true),
    ];
    expect(registrationGaps(observations)[0]?.to).toBe('2026-10-06T10:05:00Z');
  });
});

describe('registrationAt', () => {
  const observations = [
    seen('2026-10-06T09:00:00Z', true),
    seen('2026-10-06T10:00:00Z', false),
    seen('2026-10-06T10:20:03Z', true, { uid: 'uid-2', createdAt: '2026-10-06T10:20:00Z' }),
    seen('2026-10-06T15:00:00Z', true, { uid: 'uid-3', createdAt: '2026-10-06T14:00:00Z', live: false }),
  ];
  const gaps = registrationGaps(observations);

  it('is absent inside a gap, up to the re-creation', () => {
    expect(registrationAt(observations, gaps, '2026-10-06T10:00:00Z')).toMatchObject({
      state: 'absent',
      gap: { to: '2026-10-06T10:20:00Z' },
    });
    expect(registrationAt(observations, gaps, '2026-10-06T10:19:59Z').state).toBe('absent');
    expect(registrationAt(observations, gaps, '2026-10-06T10:20:00Z').state).toBe('present');
  });

  it('counts a pod stamped in the second the entry went as created in the gap (creationTimestamp has whole seconds)', () => {
    const gone = [seen('2026-10-06T09:00:00Z', true), seen('2026-10-06T10:00:00.154Z', false)];
    expect(registrationAt(gone, registrationGaps(gone), '2026-10-06T10:00:00Z').state).toBe('absent');
    expect(registrationAt(gone, registrationGaps(gone), '2026-10-06T09:59:59Z').state).toBe('present');
  });

  it('is present outside gaps and maybe-absent while memdash was not watching', () => {
    expect(registrationAt(observations, gaps, '2026-10-06T09:59:59Z').state).toBe('present');
    expect(registrationAt(observations, gaps, '2026-10-06T12:00:00Z').state).toBe('maybe-absent');
    expect(registrationAt(observations, gaps, '2026-10-06T16:00:00Z').state).toBe('present');
  });

  it('does not reach back before the first observation', () => {
    expect(registrationAt(observations, gaps, '2026-10-06T08:00:00Z')).toEqual({
      state: 'before-history',
      firstRecorded: '2026-10-06T09:00:00Z',
    });
    expect(registrationAt([], [], '2026-10-06T08:00:00Z')).toEqual({ state: 'before-history', firstRecorded: null });
    const absentFirst = [seen('2026-10-06T09:00:00Z', false)];
    expect(registrationAt(absentFirst, registrationGaps(absentFirst), '2026-10-06T08:00:00Z').state).toBe('before-history');
    expect(registrationAt(absentFirst, registrationGaps(absentFirst), '2026-10-06T09:30:00Z').state).toBe('absent');
  });
});

describe('registrationChanges', () => {
  it('says what changed, in order', () => {
    const changes = registrationChanges([
      seen('2026-10-06T09:00:00Z', true),
      seen('2026-10-06T09:10:00Z', true, { failurePolicy: 'Ignore' }),
      seen('2026-10-06T09:20:00Z', true, { failurePolicy: 'Ignore', owner: null }),
      seen('2026-10-06T10:00:00Z', false),
    ]).map((c) => c.change);
    expect(changes).toEqual([
      'first seen present (failurePolicy Fail, owner kyverno-prd:webhook)',
      'failurePolicy Fail → Ignore',
      'owner kyverno-prd:webhook → none',
      'gone',
    ]);
  });
});
