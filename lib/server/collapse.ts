import 'server-only';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { requestsCollapsed, requestsReused } from '@/lib/metrics/metrics';
import { collapseKey, MAX_COLLAPSED_BYTES, replayable, wantsFresh } from './collapse-rules';
import { KeptAnswers, type KeptAnswer } from './kept-answers';

// Fifty people opening one pod's page in an incident ask the same question within the time it takes to answer it
// once. Identical reads (collapse-rules.ts says which) that arrive while one is being answered wait for that answer
// and get a copy of it, as a CDN collapses requests for one URL: the page is rendered once per round trip, not fifty
// times, and each copy is no older than its request's wait (a kept answer, below, is at most a second older). An answer
// that cannot be shared (not a whole 200 or 404, sets a cookie, too large, its client left) is made again for each
// waiting request, as if nothing had been collapsed.
//
// A shared answer is then kept for a second, for identical reads that come just after: fifty clients that each ask
// again as soon as they have their answer (a page's polling, a script, the benchmark) would otherwise have it made
// again every round trip, and that allocation, not the caches, is what took the server's memory past its target under
// load (bench/load.ts: docs/benchmarks.md). What it is made from is no fresher than that: the caches follow watches, the working set is reused for
// 5 s. A reload asks for a fresh answer (wantsFresh), and a write through memdash forgets every kept answer, as it
// arrives and as it ends, so nobody sees the table or the webhook from before their own change.

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

/** How long a shared answer is kept for identical reads after it went out, and how much they may take together. */
const KEEP_MS = 1000;
const KEPT_MAX_BYTES = 32 * 1024 * 1024;
const kept = new KeptAnswers(KEEP_MS, KEPT_MAX_BYTES, () => performance.now());
let sweeping: NodeJS.Timeout | null = null;
/** Counts the writes' arrivals and ends: an answer begun before one of them is not kept. */
let writesSeen = 0;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Answers the request through `answer` (Next), or makes it wait for an identical request's answer in flight.
 * Returns nothing: either way the request is taken care of.
 */
export function answerCollapsed(request: IncomingMessage, response: ServerResponse, answer: () => void): void {
  if (!READS.has(request.method ?? '')) {
    forgetKept();
    response.on('close', forgetKept);
    return answer();
  }
  const key = collapseKey(request.method, request.url, request.headers);
  if (key === null) return answer();
  const keptAnswer = wantsFresh(request.headers) ? null : kept.get(key);
  if (keptAnswer) {
    requestsReused.inc();
    return send(response, keptAnswer);
  }
  const waiting = inFlight.get(key);
  if (waiting) {
    waiting.push({ request, response, answer });
    return;
  }
  const followers: Waiting[] = [];
  inFlight.set(key, followers);
  const recorded = record(response);
  const writesAtStart = writesSeen;
  let settled = false;
  const settle = (complete: boolean) => {
    if (settled) return;
    settled = true;
    if (recorded.status === 0) complete = false; // nothing went out
    inFlight.delete(key);
    const copy = !recorded.tooLarge && replayable(recorded.status, recorded.headers, complete) ? copyOf(recorded) : null;
    handOver(copy, followers);
    if (copy && writesSeen === writesAtStart) keep(key, copy);
  };
  response.on('finish', () => settle(true));
  response.on('close', () => settle(response.writableFinished));
  answer();
}

function handOver(copy: KeptAnswer | null, followers: Waiting[]): void {
  for (const f of followers) {
    // a waiting client that left gets nothing; one whose answer cannot be shared is answered on its own
    if (f.response.destroyed || f.request.destroyed) continue;
    if (!copy) {
      f.answer();
      continue;
    }
    requestsCollapsed.inc();
    send(f.response, copy);
  }
}

function send(response: ServerResponse, answer: KeptAnswer): void {
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}

function keep(key: string, copy: KeptAnswer): void {
  kept.keep(key, copy);
  // expired answers are let go even when no request comes to find them
  sweeping ??= setInterval(() => {
    kept.sweep();
    if (kept.size > 0) return;
    clearInterval(sweeping!);
    sweeping = null;
  }, KEEP_MS).unref();
}

function forgetKept(): void {
  writesSeen++;
  kept.clear();
}

/** One copy of the answer for every waiting request and those just after: Node writes a Buffer out without copying it. */
function copyOf(recorded: Recorded): KeptAnswer {
  const body = Buffer.concat(recorded.chunks, recorded.bytes);
  const headers: OutgoingHttpHeaders = { ...recorded.headers, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  return { status: recorded.status, body, headers };
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
