import { describe, expect, it } from 'vitest';
import { nextRun } from './cron-schedule';

const at = (spec: Parameters<typeof nextRun>[0], now: string) => {
  const run = nextRun(spec, new Date(now));
  if (run.kind !== 'next') throw new Error(`expected a next run, got ${run.kind}`);
  return { utc: run.at.toISOString(), local: run.local };
};
const amsterdam = (schedule: string) => ({ schedule, timeZone: 'Europe/Amsterdam' });

describe('nextRun', () => {
  it('reads 04:15 in Amsterdam winter time as 03:15 UTC', () => {
    expect(at(amsterdam('15 4 * * *'), '2026-03-27T12:00:00Z')).toEqual({
      utc: '2026-03-28T03:15:00.000Z',
      local: '2026-03-28 04:15 CET',
    });
  });

  it('moves to 02:15 UTC on the day Amsterdam springs forward', () => {
    expect(at(amsterdam('15 4 * * *'), '2026-03-28T12:00:00Z')).toEqual({
      utc: '2026-03-29T02:15:00.000Z',
      local: '2026-03-29 04:15 CEST',
    });
  });

  it('moves back to 03:15 UTC on the day Amsterdam falls back', () => {
    expect(at(amsterdam('15 4 * * *'), '2026-10-24T12:00:00Z').utc).toBe('2026-10-25T03:15:00.000Z');
  });

  it('skips a wall time the spring-forward gap removes', () => {
    expect(at(amsterdam('30 2 * * *'), '2026-03-28T12:00:00Z').utc).toBe('2026-03-30T00:30:00.000Z');
  });

  it('runs a repeated wall time once, at its first occurrence', () => {
    expect(at(amsterdam('30 2 * * *'), '2026-10-24T12:00:00Z').utc).toBe('2026-10-25T00:30:00.000Z');
    expect(at(amsterdam('30 2 * * *'), '2026-10-25T00:45:00Z').utc).toBe('2026-10-26T01:30:00.000Z');
  });

  it('is strictly after now', () => {
    expect(at({ schedule: '15 4 * * *' }, '2026-03-27T04:15:00Z').utc).toBe('2026-03-28T04:15:00.000Z');
  });

  it('reads steps, ranges, names and the either-day rule', () => {
    expect(at({ schedule: '*/20 9-17 * * mon-fri' }, '2026-12-04T17:50:00Z').utc).toBe('2026-12-07T09:00:00.000Z');
    expect(at({ schedule: '0 0 13 * 5' }, '2026-12-01T00:00:00Z').utc).toBe('2026-12-04T00:00:00.000Z');
    expect(at({ schedule: '@daily', timeZone: 'UTC' }, '2026-12-01T10:00:00Z').utc).toBe('2026-12-02T00:00:00.000Z');
  });

  it('says a suspended CronJob has no next run', () => {
    expect(nextRun({ ...amsterdam('15 4 * * *'), suspend: true }, new Date('2026-03-27T12:00:00Z'))).toEqual({ kind: 'suspended' });
  });

  it('names a schedule or zone it cannot read', () => {
    expect(nextRun({ schedule: '61 * * * *' }, new Date()).kind).toBe('invalid');
    expect(nextRun({ schedule: '* * *' }, new Date()).kind).toBe('invalid');
    expect(nextRun({ schedule: '0 0 * * *', timeZone: 'Mars/Olympus' }, new Date()).kind).toBe('invalid');
    expect(nextRun({ schedule: '0 0 30 2 *' }, new Date('2026-01-01T00:00:00Z'))).toEqual({
      kind: 'invalid',
      reason: 'the schedule never runs',
    });
  });
});
