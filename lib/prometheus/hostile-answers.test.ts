import { describe, expect, it } from 'vitest';
import { HttpAnswer } from './http-answer';
import { JsonArrayItems } from './json-items';
import { ByteBudget, LimitError, checkDepth } from './limits';
import { MatrixBytes } from './matrix-bytes';

// Answers a broken or hostile Prometheus can send, fed to the parsers as a socket would cut them: each is refused with
// an error saying why, or read, while what the parser holds stays bounded. Each of these once ended the server (V8's
// heap limit) or read for as long as the answer went on.

const MiB = 1 << 20;
// What a parser may hold while reading any of these: far below what a parser keeping something per byte would.
const HEAP_BOUND = 64 * MiB;

/** `total` bytes made of `head`, then `fill` repeated, then `tail`, in reads of 64 KiB (one buffer used again). */
function* reads(head: string, fill: string, total: number, tail = ''): Generator<Uint8Array> {
  const bytes = Buffer.from(head + fill.repeat(Math.ceil((total - head.length - tail.length) / fill.length)) + tail);
  const buffer = Buffer.alloc(64 << 10);
  for (let i = 0; i < bytes.length; i += buffer.length) {
    const n = bytes.copy(buffer, 0, i, i + buffer.length);
    yield buffer.subarray(0, n);
  }
}

/**
 * Feeds every read to `push`, then `end`: the error it threw (null if none) and the most the heap grew meanwhile.
 * The heap is checked after every read, so a parser that keeps something per byte fails here, not in V8.
 */
function feed(chunks: Iterable<Uint8Array>, push: (chunk: Uint8Array) => void, end: () => void = () => {}) {
  const before = process.memoryUsage().heapUsed;
  let grown = 0;
  let bytes = 0;
  try {
    for (const chunk of chunks) {
      push(chunk);
      bytes += chunk.length;
      grown = Math.max(grown, process.memoryUsage().heapUsed - before);
      if (grown > HEAP_BOUND) throw new Error(`the heap grew by ${grown >> 20} MiB after ${bytes} bytes`);
    }
    end();
  } catch (err) {
    return { error: err as Error, grown, bytes };
  }
  return { error: null, grown, bytes };
}

const MATRIX_HEAD = '{"status":"success","data":{"resultType":"matrix","result":[]}';

describe('MatrixBytes on hostile answers', () => {
  it('refuses a valid 4 MB answer with a 2-million-entry warnings array, holding little', () => {
    const matrix = new MatrixBytes(() => {});
    const read = feed(
      reads(`${MATRIX_HEAD},"warnings":[0`, ',0', 4_000_000, ']}'),
      (c) => matrix.push(c),
      () => matrix.end(),
    );
    expect(read.error?.message).toMatch(/outside data\.result/);
    expect(read.grown).toBeLessThan(HEAP_BOUND);
  });

  it('refuses 4 MiB of [ outside data.result as too deeply nested, within its first bytes', () => {
    const matrix = new MatrixBytes(() => {});
    const read = feed(reads(`${MATRIX_HEAD},"x":`, '[', 4 * MiB), (c) => matrix.push(c));
    expect(read.error).toBeInstanceOf(LimitError);
    expect(read.error?.message).toMatch(/too deeply nested/);
    expect(read.bytes).toBe(0); // refused within the first read
  });

  it('refuses a series with more points than the window has steps', () => {
    const pairs = Array.from({ length: 11 }, (_, k) => `[${1700000000 + 60 * k},"${k}"]`).join(',');
    const answer = Buffer.from(`{"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[${pairs}]}]}}`);
    const series: number[] = [];
    const fits = new MatrixBytes((s) => series.push(s.values.length), { maxPoints: 11 });
    fits.push(answer);
    fits.end();
    expect(series).toEqual([11]);
    const over = new MatrixBytes(() => {}, { maxPoints: 10 });
    expect(() => over.push(answer)).toThrow(/more points than the window's 10 steps/);
  });

  it('refuses an endless series once it passes the steps, holding at most twice them', () => {
    const matrix = new MatrixBytes(() => {}, { maxPoints: 100_000 });
    const read = feed(
      reads(
        '{"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[1700000000,"1"]',
        ',[1700000000,"123456"]',
        64 * MiB,
      ),
      (c) => matrix.push(c),
    );
    expect(read.error).toBeInstanceOf(LimitError);
    expect(read.error?.message).toMatch(/more points than the window's 100000 steps/);
    expect(read.bytes).toBeLessThan(200_000 * 22); // twice the steps' pairs at most
  });

  it('refuses a series whose labels never end', () => {
    const matrix = new MatrixBytes(() => {});
    let n = 0;
    const labels = function* () {
      for (const chunk of reads('{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"a":"b"', ',"a":"b"', 16 * MiB)) {
        n += chunk.length;
        yield chunk;
      }
    };
    const read = feed(labels(), (c) => matrix.push(c));
    expect(read.error?.message).toMatch(/labels are over/);
    expect(n).toBeLessThan(MiB);
  });
});

describe('JsonArrayItems on hostile answers', () => {
  const text = (chunks: Iterable<Uint8Array>) =>
    (function* () {
      for (const c of chunks) yield c;
    })();

  it('refuses 4 MiB of [ outside the items as too deeply nested, within its first bytes', () => {
    const items = new JsonArrayItems(['data'], () => {});
    const read = feed(text(reads('{"status":"success","x":', '[', 4 * MiB)), (c) => items.push(Buffer.from(c).toString('latin1')));
    expect(read.error).toBeInstanceOf(LimitError);
    expect(read.bytes).toBe(0);
  });

  it('refuses an item nested deeper than an answer nests', () => {
    const items = new JsonArrayItems(['data'], () => {});
    const read = feed(text(reads('{"status":"success","data":[', '[', 4 * MiB)), (c) => items.push(Buffer.from(c).toString('latin1')));
    expect(read.error).toBeInstanceOf(LimitError);
    expect(read.error?.message).toMatch(/too deeply nested/);
    expect(read.bytes).toBe(0);
  });

  it('reads a listing as deep as Prometheus writes one', () => {
    const got: unknown[] = [];
    const items = new JsonArrayItems(['data'], (item) => got.push(JSON.parse(item)));
    items.push('{"status":"success","data":[{"pod":"a-1"},{"pod":"b-1"}],"warnings":[["x"]]}');
    expect(items.end()).toEqual({ status: 'success', data: [], warnings: [['x']] });
    expect(got).toEqual([{ pod: 'a-1' }, { pod: 'b-1' }]);
  });
});

describe('HttpAnswer within a byte budget', () => {
  const budget = () => new ByteBudget({ maxBytes: MiB, maxBytesSetting: 'MEMDASH_TEST_MAX' });
  const head = (headers: string) => `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n${headers}\r\n\r\n`;

  it('refuses a chunk size of ffffffffffff before reading any of its data', () => {
    let body = 0;
    const answer = new HttpAnswer((b) => (body += b.length), budget());
    expect(() => answer.push(Buffer.from(`${head('Transfer-Encoding: chunked')}ffffffffffff\r\n{"`))).toThrow(
      /more than 1 MB \(MEMDASH_TEST_MAX\)/,
    );
    expect(body).toBe(0);
  });

  it('refuses a Content-Length past the budget before reading its body', () => {
    const answer = new HttpAnswer(() => {}, budget());
    expect(() => answer.push(Buffer.from(`${head('Content-Length: 999999999999')}{"`))).toThrow(LimitError);
  });

  it('refuses an endless body, chunked or read to the close, at the budget', () => {
    for (const [headers, fill] of [
      ['Transfer-Encoding: chunked', '4000\r\n' + ' '.repeat(0x4000) + '\r\n'],
      ['Connection: close', ' '.repeat(0x4000)],
    ] as const) {
      let body = 0;
      const answer = new HttpAnswer((b) => (body += b.length), budget());
      const read = feed(reads(head(headers), fill, 64 * MiB), (c) => answer.push(c));
      expect(read.error).toBeInstanceOf(LimitError);
      expect(body).toBeLessThanOrEqual(MiB);
      expect(read.bytes).toBeLessThan(2 * MiB);
    }
  });
});

describe('checkDepth', () => {
  it('takes what Prometheus nests, brackets in strings included, and refuses deeper', () => {
    expect(() => checkDepth(Buffer.from('{"data":{"result":[{"values":[[1,"[[[[{{{{"]]}]},"s":"\\"[["}'))).not.toThrow();
    expect(() => checkDepth(Buffer.from('['.repeat(33)))).toThrow(/too deeply nested/);
    expect(() => checkDepth(Buffer.from('['.repeat(32)))).not.toThrow();
  });
});
