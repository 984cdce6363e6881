import { describe, expect } from 'vitest';
import { it } from './__fixtures__/store';
import { recordBreakGlass } from './break-glass';
import { listBreakGlassWithIds } from './break-glass';
import { listProbeOutcomes, recordProbeOutcome } from './incidents';

// What incidents are read from, on a real store (SQLite, or PostgreSQL in the postgres group), one a test.

const base = { replicas: null, registrations: [], probe: null, registrationPresent: null };

describe("the probe's outcomes", () => {
  it('are kept only when they change, never before a newer one, and read with the one in force at the start', async ({ db }) => {
    expect(await recordProbeOutcome(db, '2026-10-06T10:00:00Z', 'admitted')).toBe('recorded');
    expect(await recordProbeOutcome(db, '2026-10-06T10:01:00Z', 'admitted')).toBe('unchanged');
    expect(await recordProbeOutcome(db, '2026-10-06T10:02:00Z', 'unreachable')).toBe('recorded');
    // a replica's older answer arriving late is history already
    expect(await recordProbeOutcome(db, '2026-10-06T10:01:30Z', 'denied')).toBe('unchanged');
    expect(await recordProbeOutcome(db, '2026-10-06T10:03:00Z', 'admitted')).toBe('recorded');
    expect(await listProbeOutcomes(db, new Date('2026-10-06T10:02:30Z'))).toEqual([
      { at: '2026-10-06T10:02:00.000Z', outcome: 'unreachable' },
      { at: '2026-10-06T10:03:00.000Z', outcome: 'admitted' },
    ]);
  });
});

describe('the break-glass records with their ids', () => {
  it('are numbered in the order they were stored', async ({ db }) => {
    await recordBreakGlass(db, { ...base, at: '2026-10-06T10:01:00Z', action: 'scale-down', replicas: 3 });
    await recordBreakGlass(db, { ...base, at: '2026-10-06T10:02:00Z', action: 'scale-up', replicas: 3 });
    const records = await listBreakGlassWithIds(db, new Date('2026-10-06T00:00:00Z'));
    expect(records.map((r) => r.action)).toEqual(['scale-down', 'scale-up']);
    expect(records[1]!.id).toBeGreaterThan(records[0]!.id);
  });
});
