import { describe, expect, it } from 'vitest';
import { foldedDetail, RepeatFolds } from './audit-folds';

const T0 = Date.parse('2026-10-06T10:00:00.000Z');

describe('RepeatFolds', () => {
  it("folds a client's repeats within the minute into its first record, counting them", () => {
    const folds = new RepeatFolds<number>();
    let records = 0;
    const open = () => ++records;
    const seen = Array.from({ length: 50 }, (_, i) => folds.note('10.0.0.7 snapshot.run', T0 + i * 1000, open));
    expect(records).toBe(1);
    expect(seen[0]).toEqual({ first: true, into: 1 });
    expect(seen[49]).toEqual({ first: false, into: 1, count: 50, firstAt: T0, lastAt: T0 + 49_000 });
  });

  it('opens a new record once the minute since the first has passed', () => {
    const folds = new RepeatFolds<number>();
    let records = 0;
    const open = () => ++records;
    folds.note('c', T0, open);
    expect(folds.note('c', T0 + 59_999, open).first).toBe(false);
    expect(folds.note('c', T0 + 60_000, open)).toEqual({ first: true, into: 2 });
    expect(folds.note('c', T0 + 61_000, open)).toMatchObject({ first: false, into: 2, count: 2 });
  });

  it('keeps clients, and kinds, apart', () => {
    const folds = new RepeatFolds<string>();
    expect(folds.note('10.0.0.7 snapshot.run', T0, () => 'a').first).toBe(true);
    expect(folds.note('10.0.0.8 snapshot.run', T0, () => 'b')).toEqual({ first: true, into: 'b' });
    expect(folds.note('10.0.0.7 table.override', T0, () => 'c')).toEqual({ first: true, into: 'c' });
    expect(folds.note('10.0.0.7 snapshot.run', T0 + 1, () => 'd')).toMatchObject({ first: false, into: 'a' });
  });

  it('holds at most its number of keys, forgetting the oldest window', () => {
    const folds = new RepeatFolds<number>(60_000, 2);
    let records = 0;
    const open = () => ++records;
    folds.note('a', T0, open);
    folds.note('b', T0 + 1, open);
    folds.note('c', T0 + 2, open);
    expect(folds.note('b', T0 + 3, open).first).toBe(false);
    expect(folds.note('a', T0 + 4, open).first).toBe(true);
  });
});

describe('foldedDetail', () => {
  it('says how many and when first, then the first refusal in its words', () => {
    expect(foldedDetail('The cluster did not accept the write credential', 20, T0, T0 + 9_400)).toBe(
      'Refused 20 times from this client from 2026-10-06T10:00:00Z to 2026-10-06T10:00:09Z: The cluster did not accept the write credential',
    );
  });
});
