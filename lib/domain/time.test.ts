import { describe, expect, it } from 'vitest';
import { formatDuration } from './time';

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
