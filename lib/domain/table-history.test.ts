import { describe, expect, it } from 'vitest';
import { version } from './__fixtures__/table-versions';
import { inForceFrom, inForceTimes, recordedFirst, tableAt, versionsAroundWrite, type TableVersion } from './table-history';

const versions = [version(1, '2026-10-01T04:15:30Z'), version(2, '2026-10-02T04:15:31.250Z', null), version(3, '2026-10-03T04:15:29Z')];

describe('tableAt', () => {
  it('gives the version in force at a time, and the one after it', () => {
    const at = tableAt(versions, '2026-10-02T12:00:00Z');
    expect(at).toMatchObject({ known: true, version: { id: 2 }, next: { id: 3 } });
    expect(tableAt(versions, new Date('2026-11-01T00:00:00Z'))).toMatchObject({ known: true, version: { id: 3 }, next: null });
  });

  it('says when history does not reach back', () => {
    expect(tableAt(versions, '2026-09-30T00:00:00Z')).toEqual({ known: false, firstRecorded: '2026-10-01T04:15:30Z' });
    expect(tableAt([], '2026-10-02T00:00:00Z')).toEqual({ known: false, firstRecorded: null });
    expect(tableAt(versions, 'not a time')).toMatchObject({ known: false });
  });

  it('gives a time in the same second as a write the older version', () => {
    expect(tableAt(versions, '2026-10-02T04:15:31Z')).toMatchObject({ version: { id: 1 } });
    expect(tableAt(versions, '2026-10-02T04:15:32Z')).toMatchObject({ version: { id: 2 } });
    expect(tableAt(versions, '2026-10-01T04:15:30Z')).toMatchObject({ known: false });
  });

  it('finds the right version among many', () => {
    const many = Array.from({ length: 1000 }, (_, i) => version(i, new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString()));
    for (const i of [0, 1, 499, 998, 999]) {
      const noon = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000 + 43_200_000);
      expect(tableAt(many, noon)).toMatchObject({ version: { id: i } });
    }
  });
});

describe('inForceFrom', () => {
  const seen = (seenAt: string, writtenAt: string | null) => ({ seenAt, writtenAt });

  it("is the data's write time when it is newer than the version in force and not after the sighting", () => {
    expect(inForceFrom(seen('2026-10-02T09:00:00Z', '2026-10-02T04:15:31Z'), '2026-10-01T04:15:30Z')).toBe('2026-10-02T04:15:31Z');
    expect(inForceFrom(seen('2026-10-02T04:15:31.250Z', '2026-10-02T04:15:31Z'), null)).toBe('2026-10-02T04:15:31Z');
  });

  it('is when memdash saw it when the write time is after the sighting or unknown', () => {
    expect(inForceFrom(seen('2026-10-02T09:00:00Z', '2026-10-02T09:00:05Z'), null)).toBe('2026-10-02T09:00:00Z');
    expect(inForceFrom(seen('2026-10-02T09:00:00Z', null), '2026-10-01T00:00:00Z')).toBe('2026-10-02T09:00:00Z');
  });

  // A manager that writes again rows it already holds, dropping another manager's, keeps its old managedFields time.
  it('is when memdash saw it when the write time did not move past the version in force', () => {
    const inForce = '2026-10-02T10:20:00Z';
    expect(inForceFrom(seen('2026-10-02T10:40:00.500Z', '2026-10-02T10:00:00Z'), inForce)).toBe('2026-10-02T10:40:00.500Z');
    expect(inForceFrom(seen('2026-10-02T10:40:00.500Z', inForce), inForce)).toBe('2026-10-02T10:40:00.500Z');
  });

  it('is never before the version in force, whatever the sighting says (a replica whose clock is behind)', () => {
    expect(inForceFrom(seen('2026-10-02T10:19:59Z', null), '2026-10-02T10:20:00.250Z')).toBe('2026-10-02T10:20:00.250Z');
  });
});

describe('inForceTimes: the order in force is the order of writes', () => {
  it('dates A, then B by another manager, then A again by the first (its time unmoved) in that order', () => {
    const times = inForceTimes([
      { seenAt: '2026-10-02T10:00:00.400Z', writtenAt: '2026-10-02T10:00:00Z' },
      { seenAt: '2026-10-02T10:20:00.300Z', writtenAt: '2026-10-02T10:20:00Z' },
      { seenAt: '2026-10-02T10:40:00.200Z', writtenAt: '2026-10-02T10:00:00Z' },
    ]);
    expect(times).toEqual(['2026-10-02T10:00:00Z', '2026-10-02T10:20:00Z', '2026-10-02T10:40:00.200Z']);
    const all = times.map((at, i) => version(i + 1, at));
    expect(tableAt(all, '2026-10-02T10:30:00Z')).toMatchObject({ version: { id: 2 } });
    expect(tableAt(all, '2026-10-02T10:41:00Z')).toMatchObject({ version: { id: 3 }, next: null });
  });
});

describe('recordedFirst: an import never outranks what the recorder saw', () => {
  const imported = (id: number, at: string): TableVersion => ({
    ...version(id, at),
    source: 'import',
    label: `memory-requests-${id}.json`,
  });

  it('leaves out an import dated between recorded versions, so the recorded row is the one in force', () => {
    const all = [version(1, '2026-10-01T04:15:30Z'), imported(9, '2026-10-02T00:00:00Z'), version(3, '2026-10-03T04:15:29Z')];
    expect(tableAt(recordedFirst(all), '2026-10-02T12:00:00Z')).toMatchObject({ known: true, version: { id: 1, source: 'watch' } });
  });

  it('leaves out an import dated at or after the latest recorded version', () => {
    const all = [version(1, '2026-10-01T04:15:30Z'), imported(9, '2026-10-01T04:15:30Z'), imported(8, '2026-10-05T00:00:00Z')];
    expect(tableAt(recordedFirst(all), '2026-10-06T00:00:00Z')).toMatchObject({ version: { id: 1 } });
  });

  it('keeps imports from before the recorder began: they are all the history there is then', () => {
    const all = [imported(7, '2026-09-01T00:00:00Z'), version(1, '2026-10-01T04:15:30Z')];
    expect(tableAt(recordedFirst(all), '2026-09-15T00:00:00Z')).toMatchObject({ version: { id: 7, source: 'import' } });
    expect(recordedFirst([imported(7, '2026-09-01T00:00:00Z')])).toHaveLength(1);
  });
});

describe('versionsAroundWrite: the change a run of the snapshot wrote', () => {
  const summary = (id: number, seenAt: string, rows: number, source: 'watch' | 'import' = 'watch') => ({ id, seenAt, rows, source });
  const run = { startedAt: '2026-10-02T04:15:00Z', endedAt: '2026-10-02T04:15:40Z', rows: 25 };

  it('is the version the run wrote against the one in force before it, not the newest version since', () => {
    const versions = [
      summary(1, '2026-10-01T04:15:31Z', 43),
      summary(2, '2026-10-02T04:15:39.500Z', 25),
      summary(3, '2026-10-02T09:00:00Z', 26),
    ];
    expect(versionsAroundWrite(versions, run)).toMatchObject({ before: { id: 1 }, written: { id: 2 } });
  });

  it('skips the emptied table an override leaves before the run, and imports', () => {
    const versions = [
      summary(1, '2026-10-01T04:15:31Z', 43),
      summary(7, '2026-10-01T12:00:00Z', 40, 'import'),
      summary(2, '2026-10-02T04:14:50Z', 0),
      summary(3, '2026-10-02T04:15:39.500Z', 25),
    ];
    expect(versionsAroundWrite(versions, run)).toMatchObject({ before: { id: 1 }, written: { id: 3 } });
  });

  it('is null while the recorder has not seen the write, or when the run changed nothing', () => {
    expect(versionsAroundWrite([summary(1, '2026-10-01T04:15:31Z', 25)], run)).toBeNull();
    // a later write by someone else, long after the run ended, is not the run's
    expect(versionsAroundWrite([summary(1, '2026-10-01T04:15:31Z', 43), summary(2, '2026-10-02T09:00:00Z', 25)], run)).toBeNull();
    // a version seen meanwhile with other rows than the run wrote is someone else's
    expect(versionsAroundWrite([summary(1, '2026-10-01T04:15:31Z', 43), summary(2, '2026-10-02T04:15:20Z', 44)], run)).toBeNull();
  });

  it("counts a version seen within the run's first second as the table it read, not its write", () => {
    // the start is whole seconds: an edit seen at 04:15:00.600 may be before the run started at 04:15:00.900
    const versions = [
      summary(1, '2026-10-01T04:15:31Z', 43),
      summary(2, '2026-10-02T04:15:00.600Z', 25),
      summary(3, '2026-10-02T04:15:39.500Z', 25),
    ];
    expect(versionsAroundWrite(versions, run)).toMatchObject({ before: { id: 2 }, written: { id: 3 } });
  });

  it('takes a write seen after a run whose end is not known yet', () => {
    const versions = [summary(1, '2026-10-01T04:15:31Z', 43), summary(2, '2026-10-02T04:20:00Z', 25)];
    expect(versionsAroundWrite(versions, { ...run, endedAt: null })).toMatchObject({ written: { id: 2 } });
  });
});
