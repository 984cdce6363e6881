import { z } from 'zod';

// One series of a query_range answer, from its JSON text: {"metric":{…},"values":[[t,"v"],…]}. JSON.parse of 8,000
// pairs builds 8,000 arrays and strings only to drop them; the values are read here straight from the text, and the
// rest (the labels) goes through JSON.parse and zod. Anything not of that shape is an error, never a guess. No I/O.

export class SeriesShapeError extends Error {
  override name = 'SeriesShapeError';
}

const labels = z.record(z.string(), z.string());
const rest = z.object({ metric: labels, values: z.tuple([]) }).strict();

const VALUES_KEY = '"values":[';

export interface ParsedSeries {
  metric: Record<string, string>;
  values: Float64Array;
  /** The first and last sample's times, Unix seconds (fractions dropped); NaN without samples. */
  first: number;
  last: number;
}

export function parseSeriesItem(text: string): ParsedSeries {
  // The labels are all strings, so `"values":[` cannot occur inside the metric: the first one is the key.
  const open = text.indexOf(VALUES_KEY);
  // Not as Prometheus writes it (spaces, say): the slow way, through JSON.parse.
  if (open < 0) return parseWhole(text);
  const { values, first, last, end } = readPairs(text, open + VALUES_KEY.length);
  const checked = rest.safeParse(json(`${text.slice(0, open)}"values":[]${text.slice(end)}`));
  if (!checked.success) throw notASeries();
  return { metric: checked.data.metric, values, first, last };
}

const whole = z.object({ metric: labels, values: z.array(z.tuple([z.number(), z.string()])) }).strict();

function parseWhole(text: string): ParsedSeries {
  const checked = whole.safeParse(json(text));
  if (!checked.success) throw notASeries();
  const pairs = checked.data.values;
  return {
    metric: checked.data.metric,
    values: Float64Array.from(pairs, ([, v]) => sampleValue(v)),
    first: Math.floor(pairs[0]?.[0] ?? NaN),
    last: Math.floor(pairs.at(-1)?.[0] ?? NaN),
  };
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SeriesShapeError('a series of the answer is not JSON');
  }
}

function notASeries(): SeriesShapeError {
  return new SeriesShapeError('a series of the answer is not {metric: {label: "value"}, values: [[time, "value"], …]}');
}

/** The pairs from just after `[` to the matching `]`, all in `text`; `end` is the index after it. */
function readPairs(text: string, from: number): { values: Float64Array; first: number; last: number; end: number } {
  const reader = new SampleReader();
  const end = reader.read(text, from);
  if (end < 0) throw new SeriesShapeError('a series of the answer ends inside its values');
  return { values: reader.values(), first: reader.first, last: reader.last, end };
}

// A pair is under 50 characters; a longer unfinished one is not a pair.
const MAX_CARRY = 4096;

/**
 * The values of one series, [[t,"v"],…], read chunk by chunk as they arrive: a pair cut by a chunk's end is carried
 * to the next one. Keeps only the numbers.
 */
export class SampleReader {
  private numbers = new Float64Array(1024);
  private n = 0;
  private carry = '';
  private afterPair = false;
  private started = false;
  /** The first and last pair's times, whole seconds; NaN before any. */
  first = NaN;
  last = NaN;

  /** Reads from chunk[from]; the index just after the values' closing `]`, or -1 when the chunk ran out first. */
  read(chunk: string, from: number): number {
    const carried = this.carry.length;
    const text = carried > 0 ? this.carry + chunk.slice(from) : chunk;
    const shift = carried > 0 ? from - carried : 0;
    this.carry = '';
    let i = carried > 0 ? 0 : from;
    for (;;) {
      i = skipSpace(text, i);
      if (i >= text.length) return -1;
      const c = text.charCodeAt(i);
      if (this.afterPair || !this.started) {
        if (c === 93) return i + 1 + shift; // the values' own `]`
        if (this.afterPair) {
          if (c !== 44) throw bad(text, i);
          this.afterPair = false;
          i++;
          continue;
        }
      }
      this.started = true;
      const end = this.pair(text, i);
      if (end < 0) {
        this.carry = text.slice(i);
        if (this.carry.length > MAX_CARRY) throw bad(text, i);
        return -1;
      }
      this.afterPair = true;
      i = end;
    }
  }

  /** One [t,"v"] from text[i]: the index after it, or -1 when it is cut off. The hot loop of the preview. */
  private pair(text: string, i: number): number {
    const length = text.length;
    if (text.charCodeAt(i) !== 91) throw bad(text, i);
    let k = i + 1;
    // The time's whole seconds as the digits go; anything but digits and one point is read by Number() below.
    let seconds = 0;
    let point = false;
    let plain = true;
    for (; k < length; k++) {
      const c = text.charCodeAt(k);
      if (c === 44) break;
      if (c >= 48 && c <= 57) {
        if (!point) seconds = seconds * 10 + (c - 48);
      } else if (c === 46 && !point) point = true;
      else if (isTimeChar(c)) plain = false;
      else throw bad(text, i);
    }
    if (k >= length) return -1;
    if (k === i + 1) throw bad(text, i);
    const quote = skipSpace(text, k + 1);
    if (quote >= length) return -1;
    if (text.charCodeAt(quote) !== 34) throw bad(text, quote);
    // Working set bytes are whole numbers: read the digits as they go, and only anything else through sampleValue.
    let value = 0;
    let digitsOnly = true;
    let close = quote + 1;
    for (; close < length; close++) {
      const c = text.charCodeAt(close);
      if (c === 34) break;
      if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
      else digitsOnly = false;
    }
    if (close >= length) return -1;
    const digits = close - quote - 1;
    // past 15 digits the sum loses exactness; Number() rounds as float() does
    if (!digitsOnly || digits === 0 || digits > 15) value = sampleValue(text.slice(quote + 1, close));
    const end = skipSpace(text, close + 1);
    if (end >= length) return -1;
    if (text.charCodeAt(end) !== 93) throw bad(text, end);
    if (this.n === this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    this.numbers[this.n++] = value;
    const time = plain ? seconds : Math.floor(Number(text.slice(i + 1, k)));
    if (this.n === 1) this.first = time;
    this.last = time;
    return end + 1;
  }

  values(): Float64Array {
    return this.numbers.subarray(0, this.n);
  }
}

/**
 * A series read as it arrives, {"metric":{…},"values":[…]}: the labels' text is kept (it is short), the values are
 * read by a SampleReader, and the whole is checked once its closing `}` is there.
 */
export class StreamedSeries {
  private head = '';
  private inValues = false;
  private closing = false;
  private readonly samples = new SampleReader();

  /** Reads from chunk[from]; the index just after the series' closing `}`, or -1 when the chunk ran out first. */
  feed(chunk: string, from: number): number {
    let i = from;
    if (!this.inValues) {
      // The seam first: a key begun at the end of the last chunk comes before any in this one, which may be the
      // next series' key (found there, it would swallow this series' values into the labels).
      const seam = (this.head.slice(-VALUES_KEY.length + 1) + chunk.slice(i, i + VALUES_KEY.length - 1)).indexOf(VALUES_KEY);
      const at = seam < 0 ? chunk.indexOf(VALUES_KEY, i) : -1;
      if (at < 0 && seam < 0) {
        this.head += chunk.slice(i);
        if (this.head.length > MAX_HEAD) throw notASeries();
        return -1;
      }
      if (at >= 0) {
        this.head += chunk.slice(i, at);
        i = at + VALUES_KEY.length;
      } else {
        // the key began at the end of the last chunk
        const tail = Math.min(this.head.length, VALUES_KEY.length - 1);
        const inHead = tail - seam;
        this.head = this.head.slice(0, this.head.length - inHead);
        i += VALUES_KEY.length - inHead;
      }
      this.inValues = true;
    }
    if (!this.closing) {
      const end = this.samples.read(chunk, i);
      if (end < 0) return -1;
      this.closing = true;
      i = end;
    }
    i = skipSpace(chunk, i);
    if (i >= chunk.length) return -1;
    if (chunk.charCodeAt(i) !== 125) throw bad(chunk, i);
    return i + 1;
  }

  result(): ParsedSeries {
    const checked = rest.safeParse(json(`${this.head}"values":[]}`));
    if (!checked.success) throw notASeries();
    return { metric: checked.data.metric, values: this.samples.values(), first: this.samples.first, last: this.samples.last };
  }
}

// The labels of one series; far more than any real one has.
const MAX_HEAD = 1 << 20;

// A time is a JSON number: digits, sign, point, exponent, spaces (its shape is checked, not its value).
function isTimeChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46 || c === 45 || c === 43 || c === 101 || c === 69 || c === 32;
}

function skipSpace(text: string, i: number): number {
  let k = i;
  for (let c = text.charCodeAt(k); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(++k));
  return k;
}

function bad(text: string, at: number): SeriesShapeError {
  return new SeriesShapeError(`a sample of the answer is not [time, "value"] (at "${text.slice(at, at + 30)}")`);
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
