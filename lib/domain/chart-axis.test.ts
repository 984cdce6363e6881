import { describe, expect, it } from 'vitest';
import { dayTick, dayTicks, memoryAxis, memoryTick } from './chart-axis';

const Mi = 1024 * 1024;
const Gi = 1024 * Mi;

describe('memoryAxis', () => {
  it('reaches above a 512Mi limit with round ticks (the axis used to stop at 343Mi)', () => {
    const axis = memoryAxis(512 * Mi);
    expect(axis.top).toBeGreaterThanOrEqual(512 * Mi);
    expect(axis.ticks.map(memoryTick)).toEqual(['0Mi', '128Mi', '256Mi', '384Mi', '512Mi', '640Mi']);
  });

  it('speaks Mi above 1Gi too, as the table and the pages do', () => {
    const axis = memoryAxis(2003 * Mi);
    expect(axis.ticks.map(memoryTick)).toEqual(['0Mi', '512Mi', '1024Mi', '1536Mi', '2048Mi', '2560Mi']);
  });

  it('keeps at most the ticks asked for, and a floor for an empty chart', () => {
    expect(memoryAxis(100 * Gi).ticks.length).toBeLessThanOrEqual(7);
    expect(memoryAxis(0).top).toBe(Mi);
  });
});

describe('dayTicks', () => {
  const start = Date.UTC(2026, 10, 3, 13, 20) / 1000;
  it('puts 28 days of ticks at UTC midnights a week apart', () => {
    const ticks = dayTicks(start, start + 28 * 86400);
    expect(ticks.map(dayTick)).toEqual(['11-04', '11-11', '11-18', '11-25']);
    expect(new Set(ticks.slice(1).map((t, i) => t - ticks[i]!))).toEqual(new Set([7 * 86400]));
  });
  it('ticks every day over a short window', () => {
    expect(dayTicks(start, start + 3 * 86400).map(dayTick)).toEqual(['11-04', '11-05', '11-06']);
  });
});
