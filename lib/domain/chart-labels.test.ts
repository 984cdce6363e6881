import { describe, expect, it } from 'vitest';
import { labelledMarks } from './chart-labels';

// 28 days in seconds, as the workload chart's longest window
const window = { start: 1_790_000_000, end: 1_790_000_000 + 28 * 86_400 };
const at = (day: number) => window.start + day * 86_400;

describe('labelledMarks', () => {
  it('labels the newest of writes a few minutes apart and leaves the others their line alone', () => {
    expect(labelledMarks([at(3), at(3) + 120, at(3) + 600, at(10)], window)).toEqual([false, false, true, true]);
  });
  it('decides in time order whatever order the marks come in', () => {
    expect(labelledMarks([at(10), at(3) + 120, at(3)], window)).toEqual([true, true, false]);
  });
  it('labels marks a day apart on 28 days', () => {
    expect(labelledMarks([at(1), at(2), at(3)], window)).toEqual([true, true, true]);
  });
  it('labels one mark, and nothing of none', () => {
    expect(labelledMarks([at(5)], window)).toEqual([true]);
    expect(labelledMarks([], window)).toEqual([]);
  });
});
