// Splitting a query_range into pieces Prometheus accepts: it refuses more than 11,000 points per series in one
// query, so a long window at a small step is asked for in chunks and the answers joined. No I/O here.

export const MAX_POINTS_PER_QUERY = 11_000;
// Below the limit with room, so rounding of start and end never tips a chunk over it.
const POINTS_PER_CHUNK = 10_000;

export interface RangeChunk {
  start: number;
  end: number;
}

/** The chunks covering [start, end] at `step` seconds, each at most 10,000 points, sharing no timestamp. */
export function rangeChunks(start: number, end: number, step: number): RangeChunk[] {
  if (!(step > 0) || end < start) return [];
  const span = step * (POINTS_PER_CHUNK - 1);
  const chunks: RangeChunk[] = [];
  for (let from = start; from <= end; from += span + step) chunks.push({ start: from, end: Math.min(from + span, end) });
  return chunks;
}

/** Points one series has over [start, end] at `step`. */
export function pointsIn(start: number, end: number, step: number): number {
  return Math.floor((end - start) / step) + 1;
}
