import { ByteBudget } from './limits';

// An HTTP/1.1 answer read from bytes as they arrive, its body handed on as views of those bytes: the status line and
// headers, then a body sent chunked, with a Content-Length, or until the connection closes. What it needs for
// Prometheus's API and no more: no compression (none is asked for), no 1xx answers (no Expect is sent). Anything else
// is an HttpAnswerError, never a guess. Its body's bytes are counted against the read's limit (limits.ts): a chunk or a
// Content-Length announcing more is refused before any of it is read. No I/O: lib/prometheus/http-bytes.ts feeds it
// from a socket.

// Prometheus's headers are a few hundred bytes; a chunk's size line a few.
const MAX_HEAD_BYTES = 64 << 10;
const MAX_LINE_BYTES = 1024;
const CRLF_CRLF = Buffer.from('\r\n\r\n');
const UNLIMITED = new ByteBudget({ maxBytes: Infinity, maxBytesSetting: '' });

export class HttpAnswerError extends Error {
  override name = 'HttpAnswerError';
}

// The reader's states: plain numbers, not a const enum, for Node runs this file as erasable TypeScript (the bench).
const Part = {
  Head: 0,
  ChunkSize: 1,
  ChunkData: 2,
  ChunkEnd: 3, // the CRLF after a chunk's data
  Trailers: 4,
  Length: 5,
  ToClose: 6,
  Done: 7,
} as const;
type Part = (typeof Part)[keyof typeof Part];

export class HttpAnswer {
  /** The answer's status code, once its head has been read (0 before). */
  status = 0;
  private part: Part = Part.Head;
  // the head, or a size or trailer line, cut by a read's end (copied: the bytes pushed are not kept)
  private pending: Buffer = Buffer.alloc(0);
  // bytes left in the current chunk, or in a Content-Length body
  private left = 0;
  private readonly onBody: (bytes: Uint8Array) => void;
  private readonly budget: ByteBudget;

  /** `budget`: what the body may send (refused with a LimitError past it). */
  constructor(onBody: (bytes: Uint8Array) => void, budget: ByteBudget = UNLIMITED) {
    this.onBody = onBody;
    this.budget = budget;
  }

  /** Whether the whole answer has been read (a body read to the close ends only with close()). */
  get done(): boolean {
    return this.part === Part.Done;
  }

  push(bytes: Uint8Array): void {
    let i = 0;
    while (i < bytes.length && this.part !== Part.Done) i = this.step(bytes, i);
  }

  /** The connection closed: fine after a whole answer or a body read to the close, else the answer was cut. */
  close(): void {
    if (this.part === Part.ToClose) this.part = Part.Done;
    if (this.part !== Part.Done) throw new HttpAnswerError('the connection closed before the whole answer arrived');
  }

  /** Reads from bytes[i] in the current part: the index after what was read. */
  private step(bytes: Uint8Array, i: number): number {
    switch (this.part) {
      case Part.Head:
        return this.head(bytes, i);
      case Part.ChunkSize:
        return this.line(bytes, i, (line) => this.chunkSize(line));
      case Part.ChunkData:
      case Part.Length:
        return this.body(bytes, i);
      case Part.ChunkEnd:
        return this.line(bytes, i, (line) => {
          if (line.length > 0) throw new HttpAnswerError('a chunk of the answer is longer than its size says');
          this.part = Part.ChunkSize;
        });
      case Part.Trailers:
        return this.line(bytes, i, (line) => void (line.length === 0 && (this.part = Part.Done)));
      case Part.ToClose:
        this.budget.spend(bytes.length - i);
        this.onBody(bytes.subarray(i));
        return bytes.length;
    }
    return bytes.length;
  }

  private head(bytes: Uint8Array, i: number): number {
    const seen = this.pending.length;
    const joined = Buffer.concat([this.pending, bytes.subarray(i, i + MAX_HEAD_BYTES + 4)]);
    const end = joined.indexOf(CRLF_CRLF, Math.max(0, seen - 3));
    if (end < 0) {
      if (joined.length > MAX_HEAD_BYTES) throw new HttpAnswerError(`the answer's headers are over ${MAX_HEAD_BYTES} bytes`);
      this.pending = joined;
      return bytes.length;
    }
    this.pending = Buffer.alloc(0);
    this.readHead(joined.subarray(0, end).toString('latin1'));
    return i + end + 4 - seen;
  }

  private readHead(text: string): void {
    const [statusLine = '', ...lines] = text.split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(statusLine);
    if (!status) throw new HttpAnswerError('the answer does not start with an HTTP/1.1 status line');
    this.status = Number(status[1]);
    if (this.status < 200) throw new HttpAnswerError(`the answer is an interim ${this.status}, which was not asked for`);
    const headers = new Map<string, string>();
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new HttpAnswerError('a header of the answer is not "name: value"');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
    }
    const encoding = headers.get('content-encoding');
    if (encoding && encoding.toLowerCase() !== 'identity')
      throw new HttpAnswerError(`the answer is compressed (${encoding.slice(0, 40)}), which was not asked for`);
    this.part = this.bodyPart(headers);
  }

  private bodyPart(headers: Map<string, string>): Part {
    if (this.status === 204 || this.status === 304) return Part.Done;
    const transfer = headers.get('transfer-encoding');
    if (transfer !== undefined) {
      if (transfer.split(',').at(-1)!.trim().toLowerCase() !== 'chunked')
        throw new HttpAnswerError(`the answer's transfer encoding is not chunked (${transfer.slice(0, 40)})`);
      return Part.ChunkSize;
    }
    const length = headers.get('content-length');
    if (length === undefined) return Part.ToClose;
    if (!/^\d{1,15}$/.test(length)) throw new HttpAnswerError("the answer's Content-Length is not a number");
    this.left = Number(length);
    this.announce(this.left);
    return this.left === 0 ? Part.Done : Part.Length;
  }

  /** A line ending in CRLF from bytes[i] (joined to what a read's end cut), to `then` without its CRLF. */
  private line(bytes: Uint8Array, i: number, then: (line: string) => void): number {
    const lf = bytes.indexOf(10, i);
    const to = lf < 0 ? bytes.length : lf + 1;
    const joined = this.pending.length > 0 ? Buffer.concat([this.pending, bytes.subarray(i, to)]) : Buffer.from(bytes.subarray(i, to));
    if (joined.length > MAX_LINE_BYTES) throw new HttpAnswerError("a line of the answer's chunked body is over 1 KiB");
    if (lf < 0) {
      this.pending = joined;
      return to;
    }
    this.pending = Buffer.alloc(0);
    if (joined.length < 2 || joined[joined.length - 2] !== 13)
      throw new HttpAnswerError("a line of the answer's chunked body does not end in CRLF");
    then(joined.subarray(0, joined.length - 2).toString('latin1'));
    return to;
  }

  private chunkSize(line: string): void {
    const size = line.split(';')[0]!.trim();
    if (!/^[0-9a-fA-F]{1,12}$/.test(size)) throw new HttpAnswerError("a chunk's size in the answer is not a hexadecimal number");
    this.left = parseInt(size, 16);
    this.announce(this.left);
    this.part = this.left === 0 ? Part.Trailers : Part.ChunkData;
  }

  /** A chunk's or the body's size, refused before any of it is read when it would not fit the budget. */
  private announce(size: number): void {
    if (!this.budget.fits(size)) this.budget.spend(size);
  }

  private body(bytes: Uint8Array, i: number): number {
    const to = Math.min(bytes.length, i + this.left);
    this.left -= to - i;
    this.budget.spend(to - i);
    if (to > i) this.onBody(bytes.subarray(i, to));
    if (this.left === 0) this.part = this.part === Part.Length ? Part.Done : Part.ChunkEnd;
    return to;
  }
}
