// A series of a query_range answer as the preview reads it (matrix-bytes.ts): its labels, its values as numbers, and
// the error for anything that is not of that shape, never a guess. No I/O.

export class SeriesShapeError extends Error {
  override name = 'SeriesShapeError';
}

export interface ParsedSeries {
  metric: Record<string, string>;
  /** Valid only while the series is being handed on: the parser writes the next series' values into the same buffer. */
  values: Float64Array;
  /** The first and last sample's times, Unix seconds (fractions dropped); NaN without samples. */
  first: number;
  last: number;
}

/**
 * A sample as the job's float() reads it: Prometheus writes decimals, NaN and ±Inf. Anything float() refuses would
 * stop the job, so it is garbage here too (Number() alone would take "", "0x10" and miss "+Inf").
 */
export function sampleValue(text: string): number {
  const n = Number(text);
  if (!Number.isNaN(n) && text.length > 0 && !isRadixPrefixed(text)) return n;
  const special = /^\s*([+-]?)(inf|infinity|nan)\s*$/i.exec(text);
  if (special) return special[2]!.toLowerCase() === 'nan' ? NaN : special[1] === '-' ? -Infinity : Infinity;
  throw new SeriesShapeError(`a sample value "${text.slice(0, 40)}" is not a number`);
}

function isRadixPrefixed(text: string): boolean {
  if (text.length < 2 || text[0] !== '0') return false;
  const c = text[1]!.toLowerCase();
  return c === 'x' || c === 'o' || c === 'b';
}
