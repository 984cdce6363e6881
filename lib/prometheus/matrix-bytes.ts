import { JsonItemsError } from './json-items';
import { MAX_DEPTH, tooDeep, tooManyPoints } from './limits';
import { SeriesShapeError, sampleValue, type ParsedSeries } from './parsed-series';
import { MAX_POINTS_PER_QUERY } from './range';

// A query_range answer read as bytes as they arrive: each series of data.result is read straight from the bytes into
// its labels and a Float64Array of values and handed on, without decoding the body to text or making a string per
// sample (only each label, and a value that is not a whole number, is decoded). Everything outside data.result (status,
// warnings, an error) is small and kept as bytes, parsed at the end with the array left empty. A token cut by a
// chunk's end is carried to the next chunk. A series is {"metric":{label:"value",…},"values":[[time,"value"],…]},
// its keys in any order, spaces anywhere JSON allows them; anything else is a SeriesShapeError, never a guess. No I/O.
// The values are most of the answer and nearly all written alike ([whole seconds,"whole number"]): runs of such pairs
// are read in one tight loop (pairRun), anything else one token at a time by the general path (bench/matrix-bytes.ts).
// What a hostile answer could make it hold is bounded: the bytes outside the series are copied into one buffer (not
// one per token), their nesting is bounded (MAX_DEPTH), a series' labels are bounded, and a series may have no more
// points than the query's window has steps.

// Outside the series, a Prometheus answer is a few hundred bytes; more than this is not the answer we asked for.
const MAX_OUTSIDE_BYTES = 1 << 20;
// A series' labels are a few hundred bytes; more than this is not a series.
const MAX_LABEL_BYTES = 64 << 10;
// A label, a pair or a run of spaces is far shorter; an unfinished token this long is not part of a series.
const MAX_CARRY = 1 << 20;
const PATH = ['data', 'result'];
const MIN_VALUES = 1024;
// A carried token is joined to this many bytes of the next chunk first.
const CARRY_HEAD = 1024;

// The parser's states: plain numbers, not a const enum, for Node runs this file as erasable TypeScript (the bench).
const State = {
  Outside: 0,
  Item: 1, // an item or the array's `]`
  ItemRequired: 2, // after `,`
  AfterItem: 3,
  SeriesKey: 4, // a key or the series' `}`
  SeriesKeyRequired: 5,
  SeriesColon: 6,
  SeriesValue: 7,
  AfterSeriesValue: 8,
  LabelKey: 9,
  LabelKeyRequired: 10,
  LabelColon: 11,
  LabelValue: 12,
  AfterLabel: 13,
  ValuesOpen: 14,
  Pair: 15, // a pair or the values' `]`
  AfterPair: 16,
} as const;
type State = (typeof State)[keyof typeof State];

interface Frame {
  kind: 'object' | 'array';
  key: string | null;
}

export class MatrixBytes {
  private state: State = State.Outside;
  private carry: Buffer | null = null;
  // outside data.result: its bytes so far, at the start of one buffer grown as needed
  private outside = Buffer.alloc(256);
  private outsideBytes = 0;
  private readonly stack: Frame[] = [];
  private lastString: string | null = null;
  private pendingKey: string | null = null;
  // the series being read
  private seriesKey = '';
  private labelKey = '';
  private metric: Record<string, string> | null = null;
  private values: Float64Array | null = null;
  private n = 0;
  private labelBytes = 0;
  // The values' buffer, handed on as a view and used again for the next series: a preview reads tens of thousands
  // of series, and a buffer of their length each was most of its garbage.
  private spare: Float64Array | null = null;
  private first = NaN;
  private last = NaN;

  private readonly onSeries: (series: ParsedSeries) => void;
  private readonly maxPoints: number;

  /** `maxPoints`: the most points a series may have, the query's steps (Prometheus's own limit without it). */
  constructor(onSeries: (series: ParsedSeries) => void, options: { maxPoints?: number } = {}) {
    this.onSeries = onSeries;
    this.maxPoints = options.maxPoints ?? MAX_POINTS_PER_QUERY;
  }

  push(chunk: Uint8Array): void {
    const carry = this.takeCarry();
    if (!carry) return void this.read(chunk, 0, chunk.length);
    // The token carried nearly always ends within the chunk's first bytes: only those are joined to it, and the rest
    // of the chunk is read where it lies (joining the whole chunk to it copied every chunk once more).
    if (chunk.length > CARRY_HEAD) {
      const head = Buffer.concat([carry, chunk.subarray(0, CARRY_HEAD)]);
      const at = this.read(head, 0, carry.length);
      if (at >= 0) return void this.read(chunk, at - carry.length, chunk.length);
      // a token longer than the head: what was carried again is joined to the rest of the chunk
      const bytes = Buffer.concat([this.takeCarry()!, chunk.subarray(CARRY_HEAD)]);
      return void this.read(bytes, 0, bytes.length);
    }
    const bytes = Buffer.concat([carry, chunk]);
    this.read(bytes, 0, bytes.length);
  }

  private takeCarry(): Buffer | null {
    const carry = this.carry;
    this.carry = null;
    return carry;
  }

  /**
   * Tokens from bytes[from] until the index `until` is reached: the index after the last token read (at least
   * `until`), or -1 when a token is cut by the bytes' end (it is carried).
   */
  private read(bytes: Uint8Array, from: number, until: number): number {
    let i = from;
    while (i < until) {
      const next = this.step(bytes, i);
      if (next < 0) {
        if (bytes.length - i > MAX_CARRY) throw new SeriesShapeError('a token of the answer is over 1 MiB');
        this.carry = Buffer.from(bytes.subarray(i));
        return -1;
      }
      i = next;
    }
    return i;
  }

  /** The answer without the series, parsed; throws JsonItemsError when it is cut or not JSON. */
  end(): unknown {
    if (this.carry || this.state !== State.Outside || this.stack.length > 0)
      throw new JsonItemsError('the answer ended in the middle of its JSON');
    try {
      return JSON.parse(this.outside.toString('utf8', 0, this.outsideBytes));
    } catch {
      throw new JsonItemsError('the answer is not JSON');
    }
  }

  /** One token (or a run of pairs) from bytes[i] in the current state: the index after it, or -1 when it is cut. */
  private step(b: Uint8Array, from: number): number {
    if (this.state === State.Outside) return this.outsideToken(b, from);
    const i = skipSpace(b, from);
    if (i >= b.length) return i;
    const c = b[i]!;
    switch (this.state) {
      case State.Pair:
      case State.AfterPair:
        return this.pairs(b, i);
      case State.Item:
      case State.ItemRequired:
        if (c === 93 && this.state === State.Item) return this.closeItems(i);
        if (c !== 123) throw notASeries();
        Object.assign(this, { state: State.SeriesKey, metric: null, values: null, n: 0, labelBytes: 0, first: NaN, last: NaN });
        return i + 1;
      case State.AfterItem:
        if (c === 93) return this.closeItems(i);
        if (c !== 44) throw new JsonItemsError('the answer is not JSON (between two series)');
        this.state = State.ItemRequired;
        return i + 1;
      case State.SeriesKey:
      case State.SeriesKeyRequired:
        if (c === 125 && this.state === State.SeriesKey) return this.closeSeries(i);
        return this.key(b, i, (key) => ((this.seriesKey = key), (this.state = State.SeriesColon)));
      case State.SeriesColon:
        return this.colon(b, i, State.SeriesValue);
      case State.SeriesValue:
        return this.seriesValue(b, i);
      case State.AfterSeriesValue:
        if (c === 125) return this.closeSeries(i);
        if (c !== 44) throw notASeries();
        this.state = State.SeriesKeyRequired;
        return i + 1;
      case State.LabelKey:
      case State.LabelKeyRequired:
        if (c === 125 && this.state === State.LabelKey) return ((this.state = State.AfterSeriesValue), i + 1);
        return this.label(b, i, (key) => ((this.labelKey = key), (this.state = State.LabelColon)));
      case State.LabelColon:
        return this.colon(b, i, State.LabelValue);
      case State.LabelValue:
        return this.label(b, i, (value) => ((this.metric![this.labelKey] = value), (this.state = State.AfterLabel)));
      case State.AfterLabel:
        if (c === 125) return ((this.state = State.AfterSeriesValue), i + 1);
        if (c !== 44) throw notASeries();
        this.state = State.LabelKeyRequired;
        return i + 1;
      case State.ValuesOpen:
        if (c !== 91) throw notASeries();
        this.state = State.Pair;
        return i + 1;
    }
    throw new JsonItemsError('the answer is not JSON');
  }

  /** A string at b[i] (a key or a label's value), decoded; the index after it, or -1 when it is cut. */
  private key(b: Uint8Array, i: number, then: (text: string) => void): number {
    if (b[i] !== 34) throw notASeries();
    const end = stringEnd(b, i);
    if (end < 0) return -1;
    then(decodeString(b, i, end));
    return end;
  }

  /** A label's name or value, counted against the series' labels' bound. */
  private label(b: Uint8Array, i: number, then: (text: string) => void): number {
    const end = this.key(b, i, then);
    if (end > 0 && (this.labelBytes += end - i) > MAX_LABEL_BYTES)
      throw new SeriesShapeError(`a series' labels are over ${MAX_LABEL_BYTES >> 10} KiB`);
    return end;
  }

  private colon(b: Uint8Array, i: number, next: State): number {
    if (b[i] !== 58) throw notASeries();
    this.state = next;
    return i + 1;
  }

  private seriesValue(b: Uint8Array, i: number): number {
    if (this.seriesKey === 'metric' && b[i] === 123) {
      this.metric = {};
      this.state = State.LabelKey;
      return i + 1;
    }
    if (this.seriesKey === 'values') {
      this.values = this.spare ?? new Float64Array(MIN_VALUES);
      this.spare = null;
      this.n = 0;
      this.state = State.ValuesOpen;
      return i;
    }
    throw notASeries();
  }

  private closeValues(i: number): number {
    this.state = State.AfterSeriesValue;
    return i + 1;
  }

  private closeSeries(i: number): number {
    if (!this.metric || !this.values) throw notASeries();
    if (this.n > this.maxPoints) throw tooManyPoints(this.maxPoints);
    const series = { metric: this.metric, values: this.values.subarray(0, this.n), first: this.first, last: this.last };
    this.spare = this.values;
    Object.assign(this, { metric: null, values: null, state: State.AfterItem });
    this.onSeries(series);
    return i + 1;
  }

  private closeItems(i: number): number {
    this.stack.pop();
    this.keep(CLOSE_BRACKET, 0, 1);
    this.state = State.Outside;
    return i + 1;
  }

  /**
   * The hot loop: pairs [t,"v"] separated by commas from b[from] until the values' `]` or the chunk's end. Stops before
   * a cut pair or comma, leaving the state there (-1 when nothing was read: all of it is carried).
   */
  private pairs(b: Uint8Array, from: number): number {
    let i = from;
    for (;;) {
      if (this.state === State.AfterPair) i = this.pairRun(b, i);
      const start = i;
      i = skipSpace(b, i);
      if (i >= b.length) return i;
      if (this.state === State.AfterPair) {
        const c = b[i]!;
        if (c === 93) return this.closeValues(i);
        if (c !== 44) throw bad(b, i);
        i = skipSpace(b, i + 1);
        if (i >= b.length) return start === from ? -1 : start;
      } else if (b[i] === 93) return this.closeValues(i);
      const end = this.pair(b, i);
      if (end < 0) return start === from ? -1 : start;
      this.state = State.AfterPair;
      i = end;
    }
  }

  /**
   * The pairs Prometheus writes for working set bytes, `,[<whole seconds>,"<whole number>"]` one after another, read
   * inline with byte comparisons and integer arithmetic: the index of the first comma whose pair is anything else (a
   * fraction or an exponent, a space, NaN, a value past 15 digits, a pair cut by the chunk's end), for pair() to read
   * it (or refuse it) the general way. Reads each pair as pair() would.
   */
  private pairRun(b: Uint8Array, from: number): number {
    const length = b.length;
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    let values = this.values!;
    let n = this.n;
    let i = from;
    let timeFrom = -1;
    let timeTo = -1;
    while (i + 1 < length && b[i] === 44 && b[i + 1] === 91) {
      let k = i + 2;
      // Only the run's last time is kept (the series' last sample): the others are checked to be digits, not summed.
      // Every Unix time from 2001 to 2286 has ten digits, checked four bytes at a time.
      if (
        i + 13 < length &&
        b[i + 12] === 44 &&
        fourDigits(view.getUint32(k)) &&
        fourDigits(view.getUint32(k + 4)) &&
        isDigit(b[k + 8]!) &&
        isDigit(b[k + 9]!)
      )
        k += 10;
      else while (k < length && isDigit(b[k]!)) k++;
      if (k === i + 2 || k + 1 >= length || b[k] !== 44 || b[k + 1] !== 34) break;
      const digitsFrom = k + 2;
      let value = 0;
      let j = digitsFrom;
      // four digits at a time, then one at a time; a prefix of at most 15 digits is a whole number a double holds
      for (let word = 0; j + 4 <= length && fourDigits((word = view.getUint32(j))); j += 4) value = value * 10000 + valueOfFour(word);
      for (; j < length && isDigit(b[j]!); j++) value = value * 10 + (b[j]! - 48);
      // past 15 digits the sum loses exactness: pair() reads those through Number()
      if (j === digitsFrom || j - digitsFrom > 15 || j + 1 >= length || b[j] !== 34 || b[j + 1] !== 93) break;
      if (n === values.length) values = this.grow();
      values[n++] = value;
      timeFrom = i + 2;
      timeTo = k;
      i = j + 2;
    }
    this.n = n;
    if (timeFrom >= 0) this.last = digitsValue(b, timeFrom, timeTo);
    return i;
  }

  /** One [t,"v"] at b[i]: the index after it, or -1 when it is cut. */
  private pair(b: Uint8Array, i: number): number {
    const length = b.length;
    if (b[i] !== 91) throw bad(b, i);
    let k = i + 1;
    // The time's whole seconds as the digits go; anything but digits and one point is read by Number() below.
    let seconds = 0;
    let point = false;
    let plain = true;
    for (; k < length; k++) {
      const c = b[k]!;
      if (c === 44) break;
      if (c >= 48 && c <= 57) {
        if (!point) seconds = seconds * 10 + (c - 48);
      } else if (c === 46 && !point) point = true;
      else if (isTimeChar(c)) plain = false;
      else throw bad(b, i);
    }
    if (k >= length) return -1;
    if (k === i + 1) throw bad(b, i);
    const quote = skipSpace(b, k + 1);
    if (quote >= length) return -1;
    if (b[quote] !== 34) throw bad(b, quote);
    // Working set bytes are whole numbers: read the digits as they go, and only anything else through sampleValue.
    let value = 0;
    let digitsOnly = true;
    let close = quote + 1;
    for (; close < length; close++) {
      const c = b[close]!;
      if (c === 34) break;
      if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
      else digitsOnly = false;
    }
    if (close >= length) return -1;
    const digits = close - quote - 1;
    // past 15 digits the sum loses exactness; Number() rounds as float() does
    if (!digitsOnly || digits === 0 || digits > 15) value = sampleValue(utf8(b, quote + 1, close));
    const end = skipSpace(b, close + 1);
    if (end >= length) return -1;
    if (b[end] !== 93) throw bad(b, end);
    this.append(value, plain ? seconds : Math.floor(Number(utf8(b, i + 1, k))));
    return end + 1;
  }

  private append(value: number, time: number): void {
    const values = this.n === this.values!.length ? this.grow() : this.values!;
    values[this.n++] = value;
    if (this.n === 1) this.first = time;
    this.last = time;
  }

  // The bound on points is checked here, as the buffer fills, and once more as the series closes: the hot loops pay
  // nothing for it, and a series never holds twice its bound.
  private grow(): Float64Array {
    if (this.values!.length >= this.maxPoints) throw tooManyPoints(this.maxPoints);
    const grown = new Float64Array(this.values!.length * 2);
    grown.set(this.values!);
    return (this.values = grown);
  }

  // Outside data.result: a string, a run of other bytes, or one bracket, brace, colon or comma at a time.
  private outsideToken(b: Uint8Array, i: number): number {
    const c = b[i]!;
    if (c === 34) {
      const end = stringEnd(b, i);
      if (end < 0) return -1;
      this.lastString = decodeOutsideString(b, i, end);
      this.keep(b, i, end);
      return end;
    }
    if (c === 58) this.pendingKey = this.lastString;
    else if (c === 44) this.pendingKey = null;
    else if (c === 123 || c === 91) {
      if (this.stack.length >= MAX_DEPTH) throw tooDeep();
      const parent = this.stack.at(-1);
      this.stack.push({ kind: c === 123 ? 'object' : 'array', key: parent?.kind === 'object' ? this.pendingKey : null });
      this.pendingKey = null;
      if (c === 91 && this.atPath()) this.state = State.Item;
    } else if (c === 125 || c === 93) this.stack.pop();
    else {
      let k = i + 1;
      while (k < b.length && !isOutsideMark(b[k]!)) k++;
      this.keep(b, i, k);
      return k;
    }
    this.keep(b, i, i + 1);
    return i + 1;
  }

  /** Copies bytes[from, until) after what is kept (a view per token would be an object per punctuation byte). */
  private keep(bytes: Uint8Array, from: number, until: number): void {
    const to = this.outsideBytes + until - from;
    if (to > MAX_OUTSIDE_BYTES) throw new JsonItemsError(`more than ${MAX_OUTSIDE_BYTES} bytes outside ${PATH.join('.')}`);
    if (to > this.outside.length) {
      const grown = Buffer.alloc(Math.min(MAX_OUTSIDE_BYTES, Math.max(to, this.outside.length * 2)));
      this.outside.copy(grown, 0, 0, this.outsideBytes);
      this.outside = grown;
    }
    for (let k = from; k < until; k++) this.outside[this.outsideBytes++] = bytes[k]!;
  }

  private atPath(): boolean {
    if (this.stack.length !== PATH.length + 1) return false;
    for (let k = 0; k < PATH.length; k++) if (this.stack[k + 1]!.key !== PATH[k]) return false;
    return true;
  }
}

const CLOSE_BRACKET = Buffer.from(']');

const isOutsideMark = (c: number) => c === 34 || c === 58 || c === 44 || c === 123 || c === 91 || c === 125 || c === 93;

/** The index after the string that opens at b[i] (escapes skipped), or -1 when it is cut. */
function stringEnd(b: Uint8Array, i: number): number {
  for (let k = i + 1; k < b.length; k++) {
    const c = b[k]!;
    if (c === 92) k++;
    else if (c === 34) return k + 1;
  }
  return -1;
}

function utf8(b: Uint8Array, from: number, to: number): string {
  return Buffer.from(b.buffer, b.byteOffset + from, to - from).toString('utf8');
}

function decodeString(b: Uint8Array, from: number, to: number): string {
  try {
    return JSON.parse(utf8(b, from, to)) as string;
  } catch {
    throw new SeriesShapeError('a series of the answer is not JSON');
  }
}

function decodeOutsideString(b: Uint8Array, from: number, to: number): string {
  try {
    return JSON.parse(utf8(b, from, to)) as string;
  } catch {
    throw new JsonItemsError('the answer is not JSON (a bad string)');
  }
}

// A time is a JSON number: digits, sign, point, exponent, spaces (its shape is checked, not its value).
function isTimeChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46 || c === 45 || c === 43 || c === 101 || c === 69 || c === 32;
}

function skipSpace(b: Uint8Array, i: number): number {
  let k = i;
  for (let c = b[k]; c === 32 || c === 10 || c === 13 || c === 9; c = b[++k]);
  return k;
}

function notASeries(): SeriesShapeError {
  return new SeriesShapeError('a series of the answer is not {metric: {label: "value"}, values: [[time, "value"], …]}');
}

function bad(b: Uint8Array, at: number): SeriesShapeError {
  return new SeriesShapeError(`a sample of the answer is not [time, "value"] (at "${utf8(b, at, Math.min(b.length, at + 30))}")`);
}

function isDigit(c: number): boolean {
  return (c - 48) >>> 0 < 10;
}

/**
 * Whether each byte of a word read from the bytes is an ASCII digit (0x30-0x39): its high nibble is 3, and stays 3
 * when 6 is added to it (0x3A-0x3F become 0x4_). A carry out of a byte only comes from a byte above 0xF9, which the
 * first test refuses already.
 */
function fourDigits(word: number): boolean {
  return (word & 0xf0f0f0f0) === 0x30303030 && ((word + 0x06060606) & 0xf0f0f0f0) === 0x30303030;
}

/** The number four ASCII digits spell, read big-endian (the first digit in the high byte); fourDigits(word) holds. */
function valueOfFour(word: number): number {
  const d = word - 0x30303030;
  return (d >>> 24) * 1000 + ((d >>> 16) & 0xff) * 100 + ((d >>> 8) & 0xff) * 10 + (d & 0xff);
}

/** The whole number the digits b[from, to) spell. */
function digitsValue(b: Uint8Array, from: number, to: number): number {
  let v = 0;
  for (let k = from; k < to; k++) v = v * 10 + (b[k]! - 48);
  return v;
}
