import { describe, expect, it } from 'vitest';
import { JsonItemsError } from './json-items';
import { MatrixBytes } from './matrix-bytes';
import { SeriesShapeError } from './parsed-series';

interface Read {
  metric: Record<string, string>;
  values: number[];
  first: number;
  last: number;
}

/** The byte parser over `chunks`: every series and the rest of the answer. */
function readBytes(chunks: Uint8Array[]): { series: Read[]; rest: unknown } {
  const series: Read[] = [];
  const parser = new MatrixBytes((s) => series.push({ metric: s.metric, values: Array.from(s.values), first: s.first, last: s.last }));
  for (const chunk of chunks) parser.push(chunk);
  return { series, rest: parser.end() };
}

interface Answer {
  data?: { result?: Array<{ metric: Record<string, string>; values: Array<[number, string]> }> };
}

/**
 * What the answer holds, worked out here without the code under test: JSON.parse of the whole answer, each value as
 * the job's float() reads it, each series' first and last time in whole seconds.
 */
function expectedOf(bytes: Uint8Array): { series: Read[]; rest: unknown } {
  const answer = JSON.parse(Buffer.from(bytes).toString('utf8')) as Answer;
  const result = answer.data?.result ?? [];
  const series = result.map(({ metric, values }) => ({
    metric,
    values: values.map(([, v]) => float(v)),
    first: Math.floor(values[0]?.[0] ?? NaN),
    last: Math.floor(values.at(-1)?.[0] ?? NaN),
  }));
  return { series, rest: answer.data?.result ? { ...answer, data: { ...answer.data, result: [] } } : answer };
}

/**
 * A sample as Python's float() reads it, by its grammar: a decimal with an optional sign, point and exponent, or
 * inf, infinity or nan in any case with an optional sign, spaces around; anything else ("", hex, a unit) is refused.
 */
function float(text: string): number {
  const t = text.trim();
  const special = /^([+-]?)(inf|infinity|nan)$/i.exec(t);
  if (special) return special[2]!.toLowerCase() === 'nan' ? NaN : special[1] === '-' ? -Infinity : Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) throw new Error(`float() refuses "${text}"`);
  return Number(t);
}

/** `bytes` cut at `cuts` (ascending offsets). */
function cutAt(bytes: Uint8Array, ...cuts: number[]): Uint8Array[] {
  const edges = [0, ...cuts, bytes.length];
  return edges.slice(1).map((to, k) => bytes.subarray(edges[k]!, to));
}

const everyBytes = (bytes: Uint8Array, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, k) => bytes.subarray(k * size, (k + 1) * size));

const answerOf = (result: string) => Buffer.from(`{"status":"success","data":{"resultType":"matrix","result":[${result}]}}`);

// As Prometheus writes a matrix: label values with escapes, non-ASCII and what looks like a series' key, whole and
// decimal values, NaN and ±Inf, times with a fraction or an exponent.
const ANSWER = Buffer.from(
  '{"status":"success","data":{"resultType":"matrix","result":[' +
    '{"metric":{"container":"app","pod":"a-0","quote":"say \\"hi\\" \\\\ \\u00e9t\\u00e9","utf8":"été 日本 🚀","odd":"\\"values\\":[[1,\\"2\\"]]}"},' +
    '"values":[[1700000000,"123456789"],[1700000300.5,"2.5"],[1700000600,"NaN"],[1700000900,"+Inf"],[1700001200,"-Inf"],' +
    '[1700001500,"1e+21"],[1700001800.9,"2.5e+01"],[1.7000021e9,"007"]]},' +
    '{"metric":{},"values":[]},' +
    '{"metric":{"pod":"b-0"},"values":[[1700000000,"12345678901234567"],[1700000300,"1.0"]]}' +
    ']},"warnings":["the result is cut: \\"too many\\" été"]}',
);
const EXPECTED: Read[] = [
  {
    metric: { container: 'app', pod: 'a-0', quote: 'say "hi" \\ été', utf8: 'été 日本 🚀', odd: '"values":[[1,"2"]]}' },
    values: [123456789, 2.5, NaN, Infinity, -Infinity, 1e21, 25, 7],
    first: 1700000000,
    last: 1700002100,
  },
  { metric: {}, values: [], first: NaN, last: NaN },
  { metric: { pod: 'b-0' }, values: [12345678901234568, 1], first: 1700000000, last: 1700000300 },
];
const REST = {
  status: 'success',
  data: { resultType: 'matrix', result: [] },
  warnings: ['the result is cut: "too many" été'],
};

describe('MatrixBytes (a query_range answer read as bytes as they arrive)', () => {
  it('reads the series, their values and the rest (warnings) as one chunk', () => {
    expect(expectedOf(ANSWER), 'JSON.parse and float() agree with the hand-written expectation').toEqual({ series: EXPECTED, rest: REST });
    expect(readBytes([ANSWER])).toEqual({ series: EXPECTED, rest: REST });
  });

  it('reads the same wherever one cut falls: mid-number, mid-escape, mid-character, mid-key', () => {
    for (let cut = 1; cut < ANSWER.length; cut++)
      expect(readBytes(cutAt(ANSWER, cut)), `cut at byte ${cut}`).toEqual({ series: EXPECTED, rest: REST });
  }, 30_000); // about a thousand answers: slow on a shared machine

  it('reads the same wherever two cuts fall, a token carried across three chunks', () => {
    const small = answerOf('{"metric":{"a":"\\"values\\":[]}é"},"values":[[1,"2"],[3.5,"4e0"]]},{"metric":{},"values":[[5,"-0"]]}');
    const expected = expectedOf(small);
    expect(expected.series.map((s) => s.values)).toEqual([[2, 4], [-0]]);
    for (let a = 1; a < small.length; a++)
      for (let b = a + 1; b < small.length; b++) expect(readBytes(cutAt(small, a, b)), `cut at bytes ${a} and ${b}`).toEqual(expected);
  }, 30_000);

  it.each([1, 2, 3, 5, 7, 9, 13, 64])('reads the same in chunks of %i bytes', (size) => {
    expect(readBytes(everyBytes(ANSWER, size))).toEqual({ series: EXPECTED, rest: REST });
  });

  it('reads spaces, tabs and newlines anywhere JSON allows them, and keys in another order', () => {
    const spaced = Buffer.from(
      '{ "status" : "success", "data" : { "result" : [ { "values" : [ [ 5 , "1" ] , [7.9,"2"] ] , "metric" : { "a" : "b" } } ] , "resultType" : "matrix" } }',
    );
    for (const size of [1, 4, 1000]) expect(readBytes(everyBytes(spaced, size))).toEqual(expectedOf(spaced));
    expect(readBytes([spaced]).series).toEqual([{ metric: { a: 'b' }, values: [1, 2], first: 5, last: 7 }]);
    // a pair's time is read with spaces only around it (Prometheus writes none there); elsewhere, any JSON white space
    const tabbed = JSON.stringify(JSON.parse(ANSWER.toString('utf8')), null, '\t').replace(/\[\s+(\d[\d.e+]*),/g, '[ $1 ,');
    const pretty = Buffer.from(tabbed.replaceAll('\n', '\r\n'));
    for (const size of [1, 7, 100_000]) expect(readBytes(everyBytes(pretty, size))).toEqual({ series: EXPECTED, rest: REST });
  });

  it('reads long and huge numbers as float() rounds them', () => {
    // 46259907060628547 summed digit by digit comes to …550, not the nearest double …540
    const values = ['123456789012345', '1234567890123456', '12345678901234567', '46259907060628547', '9007199254740993', '0.1', '-0', '+5'];
    values.push('1e308', '1e309');
    const huge = `1${'0'.repeat(400)}`;
    const bytes = answerOf(`{"metric":{},"values":[${[...values, huge].map((v, i) => `[${i},"${v}"]`).join(',')}]}`);
    const [series] = expectedOf(bytes).series;
    expect(series!.values).toEqual([
      123456789012345,
      1234567890123456,
      12345678901234568,
      46259907060628540,
      9007199254740992,
      0.1,
      -0,
      5,
      1e308,
      Infinity,
      Infinity,
    ]);
    for (const size of [1, 5, 100_000]) expect(readBytes(everyBytes(bytes, size)).series).toEqual([series]);
  });

  it("keeps the first and last sample's times in whole seconds, however they are written", () => {
    const bytes = answerOf('{"metric":{},"values":[[1.7e9,"1"],[1700000300.9,"2"],[17000006.01e2,"3"]]}');
    expect(readBytes([bytes]).series).toEqual([{ metric: {}, values: [1, 2, 3], first: 1700000000, last: 1700000601 }]);
    expect(readBytes([bytes])).toEqual(expectedOf(bytes));
  });

  it('reads an error answer, with its warnings, and no series', () => {
    const error = { status: 'error', errorType: 'bad_data', error: 'parse error at "é"', warnings: ['w'] };
    const bytes = Buffer.from(JSON.stringify(error));
    for (const size of [1, 3, 1000]) expect(readBytes(everyBytes(bytes, size))).toEqual({ series: [], rest: error });
  });

  it('says so when the answer is cut anywhere', () => {
    for (let cut = 0; cut < ANSWER.length; cut++) {
      expect(() => readBytes([ANSWER.subarray(0, cut)]), `cut after ${cut} bytes`).toThrow(JsonItemsError);
    }
  });

  it('refuses garbage and series that are not series', () => {
    expect(() => readBytes([Buffer.from('<html>502 Bad Gateway</html>')])).toThrow(JsonItemsError);
    for (const bad of [
      '[{"metric":{},"values":[[1,2]]}]',
      '[{"metric":{},"values":[["1","2"]]}]',
      '[{"metric":{},"values":[[1,"2",3]]}]',
      '[{"metric":{"a":1},"values":[]}]',
      '[{"metric":{},"values":[[1,"2"]],"x":1}]',
      '[{"metric":{},"values":[[1,"2"]}]',
      '[{"metric":{},"values":[[1,"2"],]}]',
      '[{"metric":{},"values":[[1,"12MiB"]]}]',
      '[{"metric":{},"values":[[1,"0x10"]]}]',
      '[{"metric":{},"values":[[1,""]]}]',
      '[{"values":[[1,"2"]]}]',
      '[{"metric":{}}]',
      '[1]',
    ]) {
      const bytes = Buffer.from(`{"status":"success","data":{"result":${bad}}}`);
      for (const size of [1, 4, 1000])
        expect(() => readBytes(everyBytes(bytes, size)), `${bad} in chunks of ${size}`).toThrow(SeriesShapeError);
    }
  });
});

/** Deterministic chunk sizes, as a socket cuts them. */
function randomChunks(bytes: Uint8Array, seed: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let s = seed;
  for (let at = 0; at < bytes.length;) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const size = 1 + (s % 5000);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

/** A matrix answer as Prometheus formats one: whole numbers as they are, others as Go's shortest 'f' form. */
function matrixOf(series: Array<{ metric: Record<string, string>; start: number; values: number[] }>): Buffer {
  const value = (v: number) => (Number.isNaN(v) ? 'NaN' : v === Infinity ? '+Inf' : v === -Infinity ? '-Inf' : String(v));
  const result = series.map(
    (s) => `{"metric":${JSON.stringify(s.metric)},"values":[${s.values.map((v, i) => `[${s.start + i * 300},"${value(v)}"]`).join(',')}]}`,
  );
  return answerOf(result.join(','));
}

describe('MatrixBytes on a large answer', () => {
  it('gives back the series, values and times it was written from, cut as a socket cuts it', () => {
    let s = 7;
    const random = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), s / 2 ** 32);
    const series = Array.from({ length: 60 }, (_, k) => ({
      metric: { namespace: `ns-${k % 4}`, pod: `web-${k}-é`, container: k % 2 ? 'app' : 'envoy' },
      start: 1_700_000_000 + k * 300,
      values: Array.from({ length: 500 + k * 7 }, (_, i) =>
        i % 97 === 0 ? NaN : i % 101 === 0 ? 1.5 + random() : Math.round(64 * 2 ** 20 * (1 + random())),
      ),
    }));
    const bytes = matrixOf(series);
    const expected = series.map((x) => ({
      metric: x.metric,
      values: x.values,
      first: x.start,
      last: x.start + (x.values.length - 1) * 300,
    }));
    const rest = { status: 'success', data: { resultType: 'matrix', result: [] } };
    for (const seed of [1, 2, 3]) expect(readBytes(randomChunks(bytes, seed)), `seed ${seed}`).toEqual({ series: expected, rest });
  }, 30_000);
});

/** `count` pairs as Prometheus writes working set bytes: whole seconds 300 s apart, whole numbers. */
const plainPairs = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => `[${1_733_000_000 + (from + i) * 300},"${123_456_789 + (from + i) * 1_000}"]`);

describe('MatrixBytes on runs of whole-number pairs (read without a call per pair)', () => {
  it('reads the same wherever one or two cuts fall inside a pair, the chunk after it long or short', () => {
    const bytes = answerOf(
      `{"metric":{"pod":"a"},"values":[${plainPairs(600).join(',')}]},{"metric":{"pod":"b"},"values":[${plainPairs(600, 600).join(',')}]}`,
    );
    const expected = expectedOf(bytes);
    const pair = plainPairs(1)[0]!.length + 1;
    // early in the first series, across the two series, the last pairs of the answer
    const starts = [bytes.indexOf('[[') + 3 * pair, bytes.indexOf('"b"') - 2 * pair, bytes.length - 3 * pair];
    for (const start of starts)
      for (let cut = start; cut < start + 2 * pair; cut++)
        for (const second of [0, 1, 30, 1024, 1025, 4097, 5000]) {
          const cuts = second && cut + second < bytes.length ? [cut, cut + second] : [cut];
          expect(readBytes(cutAt(bytes, ...cuts)), `cut at bytes ${cuts.join(' and ')}`).toEqual(expected);
        }
  }, 30_000);

  // each among whole-number pairs, so that it is met in the middle of a run
  const ODD_PAIRS = [
    '[1733000300,"999999999999999"]',
    '[1733000600,"9999999999999999"]',
    '[1733000900,"12345678901234567"]',
    '[1733001200,"46259907060628547"]',
    '[1733001500,"0"]',
    '[1733001800,"007"]',
    '[1733002100,"-5"]',
    '[1733002400,"+5"]',
    '[1733002700,"1e3"]',
    '[1733003000,"NaN"]',
    '[1733003300,"+Inf"]',
    '[1733003600,"-Inf"]',
    '[1733003900,"2.5"]',
    // a point inside four bytes otherwise digits: the word at a time must not pass it
    '[1733003900,"2.1430444996804"]',
    '[1733003900,"1234.5678"]',
    '[1733004200,".5"]',
    '[1733004500.5,"1"]',
    '[1.7330048e9,"2"]',
    '[1733005100 ,"3"]',
    '[1733005400, "4"]',
    '[1733005700,"5" ]',
    ' [1733006000,"6"] ',
  ];

  it('reads what is not a whole number of 15 digits at most, met in a run, as before: in one chunk or cut anywhere', () => {
    const values = ODD_PAIRS.flatMap((odd, k) => [...plainPairs(3, 10 * k), odd]);
    // a series ends on an odd pair, one on a whole-number pair after them, one has only odd pairs
    const bytes = answerOf(
      `{"metric":{"pod":"a"},"values":[${values.join(',')},[1733009999.7,"1"]]},` +
        `{"metric":{"pod":"b"},"values":[${values.join(',')},${plainPairs(2).join(',')}]},` +
        `{"metric":{"pod":"c"},"values":[${ODD_PAIRS.join(',')}]}`,
    );
    const expected = expectedOf(bytes);
    // past 15 digits as float() rounds them, not as summed digit by digit (…550)
    expect([3, 7, 11, 15].map((i) => expected.series[0]!.values[i])).toEqual([999999999999999, 1e16, 12345678901234568, 46259907060628540]);
    expect(expected.series[0]!.last).toBe(1733009999);
    for (const size of [1, 2, 3, 7, 26, 64, 5000, 100_000])
      expect(readBytes(everyBytes(bytes, size)), `chunks of ${size}`).toEqual(expected);
    for (let cut = 1; cut < bytes.length; cut++) expect(readBytes(cutAt(bytes, cut)), `cut at byte ${cut}`).toEqual(expected);
  }, 30_000);

  it.each([
    '[1,"12MiB"]',
    '[1,""]',
    '[1,2]',
    '[1,"2",3]',
    '[1,"0x10"]',
    '[,"2"]',
    '[1"2"]',
    '[1,"2"}',
    '[1,"2"],]',
    '[1,"2"],,[3,"4"]',
    '[1733000000,"1\u0000"]',
    // next to the digits in ASCII (/ and :), inside four bytes otherwise digits, in the value and in the time
    '[1733000000,"123:4567"]',
    '[1733000000,"1/345678"]',
    '[17330:0000,"1"]',
    '[1733000/00,"1"]',
  ])('refuses %s met in a run of whole-number pairs, wherever the chunks end', (bad) => {
    const bytes = answerOf(`{"metric":{},"values":[${plainPairs(5).join(',')},${bad}]}`);
    for (const size of [1, 4, 30, 1000]) expect(() => readBytes(everyBytes(bytes, size)), `in chunks of ${size}`).toThrow(SeriesShapeError);
  });

  it('reads a label and a value longer than a chunk, carried over several chunks', () => {
    const long = `x${'é'.repeat(5000)}y`;
    const bytes = answerOf(
      `{"metric":{"pod":${JSON.stringify(long)}},"values":[${plainPairs(300).join(',')},[1733090000,"1${'0'.repeat(6000)}"],` +
        `${plainPairs(300, 301).join(',')}]}`,
    );
    const expected = expectedOf(bytes);
    expect(expected.series[0]!.values[300]).toBe(Infinity);
    for (let cut = 1; cut < bytes.length; cut += 97) expect(readBytes(cutAt(bytes, cut)), `cut at byte ${cut}`).toEqual(expected);
    for (const size of [4097, 5000, 16_384, 65_536]) expect(readBytes(everyBytes(bytes, size)), `chunks of ${size}`).toEqual(expected);
    for (const seed of [4, 5, 6]) expect(readBytes(randomChunks(bytes, seed)), `seed ${seed}`).toEqual(expected);
  });

  it("hands each series' values on in one buffer used again for the next series, grown when a series is longer", () => {
    const lengths = [3000, 100, 5000, 0, 2000, 2000, 1];
    const bytes = answerOf(lengths.map((n, k) => `{"metric":{"k":"${k}"},"values":[${plainPairs(n).join(',')}]}`).join(','));
    const seen: Array<{ values: number[]; buffer: ArrayBufferLike }> = [];
    // copied in the callback, as every reader must: the next series overwrites the buffer
    const parser = new MatrixBytes((s) => seen.push({ values: Array.from(s.values), buffer: s.values.buffer }));
    for (const chunk of everyBytes(bytes, 65_536)) parser.push(chunk);
    parser.end();
    expect(seen.map((s) => s.values.length)).toEqual(lengths);
    expect(seen.map((s) => s.values)).toEqual(expectedOf(bytes).series.map((s) => s.values));
    // a new buffer only when a series is longer than any before it (3000, then 5000)
    expect(new Set(seen.map((s) => s.buffer)).size).toBe(2);
    expect(seen[1]!.buffer).toBe(seen[0]!.buffer);
    expect(seen.slice(3).every((s) => s.buffer === seen[2]!.buffer)).toBe(true);
  });
});
