import { describe, expect, it } from 'vitest';
import { JsonArrayItems, JsonItemsError } from './json-items';
import { MatrixBytes } from './matrix-bytes';
import { SeriesShapeError, parseSeriesItem } from './series-item';

interface Read {
  metric: Record<string, string>;
  values: number[];
  first: number;
  last: number;
}

const plain = (s: { metric: Record<string, string>; values: ArrayLike<number>; first: number; last: number }): Read => ({
  metric: s.metric,
  values: Array.from(s.values),
  first: s.first,
  last: s.last,
});

/** The byte parser over `chunks`: every series and the rest of the answer. */
function readBytes(chunks: Uint8Array[]): { series: Read[]; rest: unknown } {
  const series: Read[] = [];
  const parser = new MatrixBytes((s) => series.push(plain(s)));
  for (const chunk of chunks) parser.push(chunk);
  return { series, rest: parser.end() };
}

/** The text parser it replaces (JsonArrayItems with parseSeriesItem), over the same bytes decoded as the stream did. */
function readText(chunks: Uint8Array[]): { series: Read[]; rest: unknown } {
  const series: Read[] = [];
  const take = (s: Parameters<typeof plain>[0]) => series.push(plain(s));
  const parser = new JsonArrayItems(['data', 'result'], (t) => take(parseSeriesItem(t)), take);
  const decoder = new TextDecoder();
  for (const chunk of chunks) parser.push(decoder.decode(chunk, { stream: true }));
  parser.push(decoder.decode());
  return { series, rest: parser.end() };
}

/** `bytes` cut at `cuts` (ascending offsets). */
function cutAt(bytes: Uint8Array, ...cuts: number[]): Uint8Array[] {
  const edges = [0, ...cuts, bytes.length];
  return edges.slice(1).map((to, k) => bytes.subarray(edges[k]!, to));
}

const everyBytes = (bytes: Uint8Array, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, k) => bytes.subarray(k * size, (k + 1) * size));

// As Prometheus writes a matrix: label values with escapes and non-ASCII, whole and decimal values, NaN and ±Inf.
const ANSWER = Buffer.from(
  '{"status":"success","data":{"resultType":"matrix","result":[' +
    '{"metric":{"container":"app","pod":"a-0","quote":"say \\"hi\\" \\\\ \\u00e9t\\u00e9","utf8":"été 日本 🚀"},' +
    '"values":[[1700000000,"123456789"],[1700000300.5,"2.5"],[1700000600,"NaN"],[1700000900,"+Inf"],[1700001200,"-Inf"],[1700001500,"1e+21"]]},' +
    '{"metric":{},"values":[]},' +
    '{"metric":{"pod":"b-0"},"values":[[1700000000,"12345678901234567"]]}' +
    ']},"warnings":["the result is cut: \\"too many\\" été"]}',
);
const EXPECTED: Read[] = [
  {
    metric: { container: 'app', pod: 'a-0', quote: 'say "hi" \\ été', utf8: 'été 日本 🚀' },
    values: [123456789, 2.5, NaN, Infinity, -Infinity, 1e21],
    first: 1700000000,
    last: 1700001500,
  },
  { metric: {}, values: [], first: NaN, last: NaN },
  { metric: { pod: 'b-0' }, values: [12345678901234567], first: 1700000000, last: 1700000000 },
];
const REST = {
  status: 'success',
  data: { resultType: 'matrix', result: [] },
  warnings: ['the result is cut: "too many" été'],
};

describe('MatrixBytes (a query_range answer read as bytes as they arrive)', () => {
  it('reads the series, their values and the rest (warnings) as one chunk', () => {
    expect(readBytes([ANSWER])).toEqual({ series: EXPECTED, rest: REST });
  });

  it('reads the same wherever one cut falls: mid-number, mid-escape, mid-character, mid-key', () => {
    for (let cut = 1; cut < ANSWER.length; cut++)
      expect(readBytes(cutAt(ANSWER, cut)), `cut at byte ${cut}`).toEqual({ series: EXPECTED, rest: REST });
  }, 30_000); // about a thousand answers: slow on a shared machine

  it.each([1, 2, 3, 5, 7, 13, 64])('reads the same in chunks of %i bytes', (size) => {
    expect(readBytes(everyBytes(ANSWER, size))).toEqual({ series: EXPECTED, rest: REST });
  });

  it('reads what the text parser reads, with spaces and keys in another order', () => {
    const spaced = Buffer.from(
      '{ "status" : "success", "data" : { "result" : [ { "values" : [ [ 5 , "1" ] , [7.9,"2"] ] , "metric" : { "a" : "b" } } ] , "resultType" : "matrix" } }',
    );
    for (const size of [1, 4, 1000]) expect(readBytes(everyBytes(spaced, size))).toEqual(readText(everyBytes(spaced, size)));
    expect(readBytes([spaced]).series).toEqual([{ metric: { a: 'b' }, values: [1, 2], first: 5, last: 7 }]);
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

  it('refuses garbage and series that are not series, as the text parser does', () => {
    expect(() => readBytes([Buffer.from('<html>502 Bad Gateway</html>')])).toThrow(JsonItemsError);
    for (const bad of [
      '[{"metric":{},"values":[[1,2]]}]',
      '[{"metric":{"a":1},"values":[]}]',
      '[{"metric":{},"values":[[1,"2"]],"x":1}]',
      '[{"metric":{},"values":[[1,"2"]}]',
      '[{"metric":{},"values":[[1,"2"],]}]',
      '[{"metric":{},"values":[[1,"12MiB"]]}]',
      '[{"values":[[1,"2"]]}]',
      '[1]',
    ]) {
      const bytes = Buffer.from(`{"status":"success","data":{"result":${bad}}}`);
      expect(() => readBytes(everyBytes(bytes, 4)), bad).toThrow(SeriesShapeError);
      expect(() => readText(everyBytes(bytes, 4)), bad).toThrow();
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
  return Buffer.from(`{"status":"success","data":{"resultType":"matrix","result":[${result.join(',')}]}}`);
}

describe('MatrixBytes against the text parser it replaces', () => {
  it('gives the same series, values and times on a large answer cut as a socket cuts it', () => {
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
    for (const seed of [1, 2, 3]) {
      const chunks = randomChunks(bytes, seed);
      const text = readText(chunks);
      expect(readBytes(chunks)).toEqual(text);
      expect(text.series).toHaveLength(60);
    }
  }, 30_000);
});
