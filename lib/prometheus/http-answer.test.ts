import { describe, expect, it } from 'vitest';
import { HttpAnswer, HttpAnswerError } from './http-answer';

/** The answer's bytes fed `size` at a time, as reads of a socket would cut them; its body, status and end. */
function read(raw: string, size: number, close = false): { status: number; body: string; done: boolean } {
  const parts: Buffer[] = [];
  const answer = new HttpAnswer((bytes) => parts.push(Buffer.from(bytes)));
  const bytes = Buffer.from(raw, 'utf8');
  // one buffer used again for every read, as lib/prometheus/http-bytes.ts does: a view kept would be overwritten
  const buffer = Buffer.alloc(size);
  for (let i = 0; i < bytes.length; i += size) {
    const n = bytes.copy(buffer, 0, i, i + size);
    answer.push(buffer.subarray(0, n));
  }
  if (close) answer.close();
  return { status: answer.status, body: Buffer.concat(parts).toString('utf8'), done: answer.done };
}

const JSON_BODY = '{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"pod":"é-0"},"values":[[1,"5"]]}]}}';
const half = Buffer.byteLength(JSON_BODY.slice(0, 40));
const chunked = [
  'HTTP/1.1 200 OK',
  'Content-Type: application/json',
  'Transfer-Encoding: chunked',
  '',
  `${half.toString(16)};name=value`,
  JSON_BODY.slice(0, 40),
  `${(Buffer.byteLength(JSON_BODY) - half).toString(16).toUpperCase()}`,
  JSON_BODY.slice(40),
  '0',
  'X-Trailer: yes',
  '',
  '',
].join('\r\n');

describe('HttpAnswer', () => {
  it.each([1, 2, 7, 64, 100_000])('reads a chunked answer, extensions and trailers too, cut into reads of %i bytes', (size) => {
    expect(read(chunked, size)).toEqual({ status: 200, body: JSON_BODY, done: true });
  });

  it.each([1, 3, 1000])('reads a body of a Content-Length, and nothing after it (reads of %i bytes)', (size) => {
    const raw = `HTTP/1.1 422 Unprocessable Entity\r\ncontent-length: ${Buffer.byteLength(JSON_BODY)}\r\n\r\n${JSON_BODY}HTTP/1.1 200`;
    expect(read(raw, size)).toEqual({ status: 422, body: JSON_BODY, done: true });
  });

  it('reads a body without a length to the close, and an empty one as whole', () => {
    expect(read(`HTTP/1.0 200 OK\r\n\r\n${JSON_BODY}`, 5)).toMatchObject({ done: false, body: JSON_BODY });
    expect(read(`HTTP/1.0 200 OK\r\n\r\n${JSON_BODY}`, 5, true)).toEqual({ status: 200, body: JSON_BODY, done: true });
    expect(read('HTTP/1.1 204 No Content\r\n\r\n', 4)).toEqual({ status: 204, body: '', done: true });
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n', 4)).toEqual({ status: 200, body: '', done: true });
  });

  it('calls an answer cut by the close cut', () => {
    expect(() => read(chunked.slice(0, chunked.length - 20), 9, true)).toThrow(/closed before the whole answer/);
    expect(() => read('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n12345', 9, true)).toThrow(/closed before the whole answer/);
    expect(() => read('HTTP/1.1 200 OK\r\nContent-Le', 9, true)).toThrow(/closed before the whole answer/);
  });

  it.each([
    ['no status line', 'garbage\r\n\r\n', /status line/],
    ['an interim answer', 'HTTP/1.1 100 Continue\r\n\r\n', /interim 100/],
    ['a header without a colon', 'HTTP/1.1 200 OK\r\nnonsense\r\n\r\n', /name: value/],
    ['a compressed body', 'HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n', /compressed \(gzip\)/],
    ['another transfer encoding', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n', /not chunked/],
    ['a length that is no number', 'HTTP/1.1 200 OK\r\nContent-Length: 1e3\r\n\r\n', /Content-Length/],
    ['a chunk size that is no number', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', /hexadecimal/],
    ['a chunk longer than its size', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n', /longer than its size/],
    ['a size line without CR', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\nab', /CRLF/],
    ['headers without end', `HTTP/1.1 200 OK\r\nX: ${'a'.repeat(70_000)}`, /headers are over/],
  ])('refuses %s', (_what, raw, message) => {
    for (const size of [3, 100_000]) {
      expect(() => read(raw, size)).toThrow(HttpAnswerError);
      expect(() => read(raw, size)).toThrow(message);
    }
  });
});
