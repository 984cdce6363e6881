import 'server-only';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { requestsCollapsed } from '@/lib/metrics/metrics';
import { collapseKey, MAX_COLLAPSED_BYTES, replayable } from './collapse-rules';

// Fifty people opening one pod's page in an incident ask the same question within the time it takes to answer it
// once. Identical reads (collapse-rules.ts says which) that arrive while one is being answered wait for that answer
// and get a copy of it, as a CDN collapses requests for one URL: the page is rendered once per round trip, not fifty
// times, and each copy is no older than its request's wait. Nothing is kept once the answer has gone out. An answer
// that cannot be shared (not a whole 200, sets a cookie, too large, its client left) is made again for each waiting
// request, as if nothing had been collapsed.

interface Waiting {
  request: IncomingMessage;
  response: ServerResponse;
  answer: () => void;
}

interface Recorded {
  status: number;
  headers: OutgoingHttpHeaders;
  chunks: Buffer[];
  bytes: number;
  tooLarge: boolean;
}

const inFlight = new Map<string, Waiting[]>();

/**
 * Answers the request through `answer` (Next), or makes it wait for an identical request's answer in flight.
 * Returns nothing: either way the request is taken care of.
 */
export function answerCollapsed(request: IncomingMessage, response: ServerResponse, answer: () => void): void {
  const key = collapseKey(request.method, request.url, request.headers);
  if (key === null) return answer();
  const waiting = inFlight.get(key);
  if (waiting) {
    waiting.push({ request, response, answer });
    return;
  }
  const followers: Waiting[] = [];
  inFlight.set(key, followers);
  const recorded = record(response);
  let settled = false;
  const settle = (complete: boolean) => {
    if (settled) return;
    settled = true;
    if (recorded.status === 0) complete = false; // nothing went out
    inFlight.delete(key);
    handOver(recorded, complete, followers);
  };
  response.on('finish', () => settle(true));
  response.on('close', () => settle(response.writableFinished));
  answer();
}

function handOver(recorded: Recorded, complete: boolean, followers: Waiting[]): void {
  if (followers.length === 0) return; // the usual case: nothing waited, nothing to copy
  const shared = !recorded.tooLarge && replayable(recorded.status, recorded.headers, complete);
  const copy = shared ? copyOf(recorded) : null;
  for (const f of followers) {
    // a waiting client that left gets nothing; one whose answer cannot be shared is answered on its own
    if (f.response.destroyed || f.request.destroyed) continue;
    if (!copy) {
      f.answer();
      continue;
    }
    requestsCollapsed.inc();
    f.response.writeHead(recorded.status, copy.headers);
    f.response.end(copy.body);
  }
}

/** One copy of the answer for every waiting request: Node writes a Buffer out without copying it. */
function copyOf(recorded: Recorded): { body: Buffer; headers: OutgoingHttpHeaders } {
  const body = Buffer.concat(recorded.chunks, recorded.bytes);
  const headers: OutgoingHttpHeaders = { ...recorded.headers, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  return { body, headers };
}

/**
 * Keeps what the leading request's answer writes, as it goes out: its status, its headers when the first byte goes
 * (Next's compression has set Content-Encoding by then), and its body as sent, compressed or not.
 */
function record(response: ServerResponse): Recorded {
  const recorded: Recorded = { status: 0, headers: {}, chunks: [], bytes: 0, tooLarge: false };
  let headed = false;
  const head = (extra?: OutgoingHttpHeaders) => {
    if (headed) return;
    headed = true;
    recorded.status = response.statusCode;
    recorded.headers = { ...response.getHeaders(), ...lowerCased(extra) };
  };
  // The headers are taken when they go out (writeHead, called by Node itself before a first write): Next's
  // compression sets Content-Encoding only then.
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || recorded.tooLarge) return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    recorded.bytes += buffer.length;
    if (recorded.bytes > MAX_COLLAPSED_BYTES) {
      recorded.tooLarge = true;
      recorded.chunks = [];
    } else recorded.chunks.push(Buffer.from(buffer)); // a copy: the writer may reuse its buffer
  };
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const result = (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    head(args.find((a): a is OutgoingHttpHeaders => typeof a === 'object' && a !== null && !Array.isArray(a)));
    return result;
  } as typeof response.writeHead;
  const write = response.write;
  response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof response.write;
  const end = response.end;
  response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as typeof response.end;
  return recorded;
}

function lowerCased(headers: OutgoingHttpHeaders | undefined): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}
