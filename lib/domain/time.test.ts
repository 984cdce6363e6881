import { describe, expect, it } from 'vitest';
import { RFC3339_IN_TEXT, ageOf, formatDuration, readableTime } from './time';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [999, '0s'],
    [12 * S, '12s'],
    [35 * M + 10 * S, '35m 10s'],
    [2 * D + 4 * H + 59 * M, '2d 4h'],
    [3 * H, '3h'],
    [3 * H + 20 * S, '3h'],
    [D + 5 * M, '1d'],
  ])('writes %i ms as %s: its two largest units, a zero second unit left out', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('writes a negative duration as its size', () => {
    expect(formatDuration(-(35 * M + 10 * S))).toBe('35m 10s');
  });
});

describe('readableTime', () => {
  const at = new Date('2026-12-03T10:34:05.412Z');
  it('writes UTC to the second, the date first, milliseconds cut', () => {
    expect(readableTime(at)).toBe('2026-12-03 10:34:05 UTC');
  });
  it("writes a zone's wall clock with its offset, summer and winter", () => {
    expect(readableTime(at, 'Europe/Amsterdam')).toBe('2026-12-03 11:34:05 UTC+1');
    expect(readableTime(new Date('2026-07-01T23:30:00Z'), 'Europe/Amsterdam')).toBe('2026-07-02 01:30:00 UTC+2');
    expect(readableTime(at, 'Asia/Kolkata')).toBe('2026-12-03 16:04:05 UTC+5:30');
  });
  it('falls back to UTC for a zone it does not know', () => {
    expect(readableTime(at, 'Mars/Olympus')).toBe('2026-12-03 10:34:05 UTC');
  });
});

describe('ageOf', () => {
  const now = new Date('2026-12-03T13:42:05Z');
  it('says how long ago, or how long until', () => {
    expect(ageOf(new Date('2026-12-03T10:34:05Z'), now)).toBe('3h 8m ago');
    expect(ageOf(new Date('2026-12-03T13:47:05Z'), now)).toBe('in 5m');
  });
});

describe('RFC3339_IN_TEXT', () => {
  it("finds the times in a sentence of lib/domain's", () => {
    const sentence = 'The pod was created at 2026-12-03T14:09:09Z, before the write at 2026-12-03T16:18:02.5+01:00.';
    expect(sentence.match(RFC3339_IN_TEXT)).toEqual(['2026-12-03T14:09:09Z', '2026-12-03T16:18:02.5+01:00']);
  });
});
