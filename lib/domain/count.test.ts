import { describe, expect, it } from 'vitest';
import { countOf, formatCount, formatPercent } from './count';
import { formatTime } from './time';

describe('one number and one time format on every page', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [20_000, '20,000'],
    [1_234_567, '1,234,567'],
    [8063.6, '8,064'],
  ])('counts %d as %s', (n, shown) => expect(formatCount(n)).toBe(shown));

  it('says one workload, not "1 workloads"', () => {
    expect(countOf(1, 'workload')).toBe('1 workload');
    expect(countOf(0, 'workload')).toBe('0 workloads');
    expect(countOf(20_000, 'pod')).toBe('20,000 pods');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });

  it.each([
    [0.125, '12.5%'],
    [1, '100.0%'],
    [0.0004, '0.0%'],
    [12.3456, '1,234.6%'],
  ])('shows the share %d as %s', (share, shown) => expect(formatPercent(share)).toBe(shown));

  it.each([
    [0.043, '+4.3%'],
    [-0.02, '-2.0%'],
    [0.0001, '0.0%'],
    [-0.0001, '0.0%'],
  ])('shows the change %d as %s', (share, shown) => expect(formatPercent(share, true)).toBe(shown));

  it.each([
    ['2026-12-01T11:52:43Z', '2026-12-01T11:52:43Z'],
    ['2026-12-01T11:52:43.000Z', '2026-12-01T11:52:43Z'],
    // cut to the second, not rounded up into one not yet reached
    ['2026-12-01T11:52:43.999Z', '2026-12-01T11:52:43Z'],
    ['2026-12-01T12:52:43.5+01:00', '2026-12-01T11:52:43Z'],
  ])('writes %s as %s', (time, shown) => expect(formatTime(new Date(time))).toBe(shown));
});
