import { describe, expect, it } from 'vitest';
import { bucketFor, bucketWords, CHART_RANGES, MAX_CHART_POINTS, RANGE_SECONDS, rangeOfSeconds, spanWords } from './chart-range';
import { timeTick, timeTicks } from './chart-axis';

describe('the chart ranges', () => {
  it("draws a day sample by sample at the job's 300 s step, a week by quarter hours, 28 days by hours", () => {
    expect(CHART_RANGES.map((r) => bucketFor(RANGE_SECONDS[r], 300))).toEqual([300, 900, 3600]);
    for (const r of CHART_RANGES) expect(RANGE_SECONDS[r] / bucketFor(RANGE_SECONDS[r], 300)).toBeLessThanOrEqual(MAX_CHART_POINTS);
  });
  it('never buckets finer than the samples, and stays bounded for a long window', () => {
    expect(bucketFor(86_400, 600)).toBe(900);
    expect((365 * 86_400) / bucketFor(365 * 86_400, 300)).toBeLessThanOrEqual(MAX_CHART_POINTS);
  });
  it('names spans and buckets in words', () => {
    expect(CHART_RANGES.map((r) => spanWords(RANGE_SECONDS[r]))).toEqual(['24 hours', '7 days', '28 days']);
    expect([300, 900, 3600, 7200].map(bucketWords)).toEqual(['5-minute', '15-minute', 'hourly', '2-hour']);
  });
  it("knows the snapshot window of 28 days as the switch's 28d, another window as none", () => {
    expect(rangeOfSeconds(28 * 86_400)).toBe('28d');
    expect(rangeOfSeconds(14 * 86_400)).toBeNull();
  });
});

describe('the time axis', () => {
  it('ticks every three UTC hours on a day, labelled by the hour', () => {
    const end = Date.UTC(2026, 11, 3, 17, 20) / 1000;
    const ticks = timeTicks(end - 86_400, end);
    expect(ticks.map((t) => timeTick(t, 86_400))).toEqual(['18:00', '21:00', '00:00', '03:00', '06:00', '09:00', '12:00', '15:00']);
  });
  it('ticks by days over a week, labelled by the day', () => {
    const end = Date.UTC(2026, 11, 3, 17, 20) / 1000;
    expect(timeTicks(end - 7 * 86_400, end).map((t) => timeTick(t, 7 * 86_400))).toEqual([
      '11-27',
      '11-28',
      '11-29',
      '11-30',
      '12-01',
      '12-02',
      '12-03',
    ]);
  });
});
