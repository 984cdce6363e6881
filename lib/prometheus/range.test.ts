import { describe, expect, it } from 'vitest';
import { MAX_POINTS_PER_QUERY, pointsIn, rangeChunks } from './range';

describe('rangeChunks', () => {
  it('asks 28 days at 300 s in one query (8,065 points)', () => {
    const end = 1_800_000_000;
    const start = end - 28 * 86400;
    expect(rangeChunks(start, end, 300)).toEqual([{ start, end }]);
  });

  it('splits 28 days at 60 s into chunks under the limit that cover every step once', () => {
    const end = 1_800_000_000;
    const start = end - 28 * 86400;
    const chunks = rangeChunks(start, end, 60);
    expect(chunks.length).toBe(5);
    for (const c of chunks) expect(pointsIn(c.start, c.end, 60)).toBeLessThan(MAX_POINTS_PER_QUERY);
    const total = chunks.reduce((n, c) => n + pointsIn(c.start, c.end, 60), 0);
    expect(total).toBe(pointsIn(start, end, 60));
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.start).toBe(chunks[i - 1]!.end + 60);
  });

  it('gives nothing for an empty or backwards range', () => {
    expect(rangeChunks(10, 5, 1)).toEqual([]);
    expect(rangeChunks(0, 10, 0)).toEqual([]);
  });
});
