import 'server-only';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { answerCollapsed } from './collapse';
import { clientOfRequest, overLimit } from './client-limits';
import { AppError } from '@/lib/errors';
import { SERVED_METHODS, securityHeaders } from '@/lib/http/headers';
import { MAX_JSON_BODY_BYTES } from '@/lib/http/limits';
import { hostProblem } from '@/lib/http/origin';
import { withRequestSignal } from '@/lib/http/page-signal';
import { requestTargetProblem } from '@/lib/http/request-target';
import { gate } from '@/lib/auth/gate';
import { movedTo } from '@/lib/cluster/paths';
import { clusters } from '@/lib/cluster/registry';
import { CLIENT_HEADER } from '@/lib/auth/viewer';
import { notLoopbackPeer } from './loopback-peer';
import { timeRequest } from '@/lib/metrics/requests';

// Requests answered as the Node server hands them over, before Next reads or builds anything from them:
// - A Host memdash does not answer (a DNS-rebound name: lib/http/origin.ts) gets 421, before the sign-in gate, so a
//   rebound page is never sent on to sign in; with MEMDASH_AUTH=none on this machine only, a peer that is not this
//   machine gets 403 (loopback-peer.ts); and a method no route serves (PROPFIND and the like) gets 405. There
//   is no Next proxy (middleware) for these: for one, Next builds a second request from every request, static files
//   included, and copies its body.
// - TRACE, TRACK and CONNECT cannot even become a fetch Request (the Fetch standard forbids them), so Next throws
//   while building one and answers 500 with a stack in the log: they get the 405 of the methods not served.
// - A body must say its length (411), so that one above what any route reads is refused before a byte of it is read
//   (413). The connection is closed after the answer: the rest of the upload is never buffered.
// - A path that is not valid percent-encoding makes Next's decoding throw: a 500 without the security headers. It is
//   a bad request (400), answered here with them.
// - A request target in absolute form (`GET http://evil.example/x`) is what a client sends a forward proxy; Next
//   answers it with a redirect to that host. memdash is no proxy: only a path is a target (400 otherwise).
// - A path with a `.` or `..` segment (`/auth/../api/x`, `%2e%2e`, `\`) is one Next resolves to another path after
//   the gate, the limits and the shared answers' key judged this one: refused (400), never resolved
//   (lib/http/request-target.ts).
// - Today's URLs of the pages and APIs about one cluster (/pods, /api/table, …: lib/cluster/paths.ts MOVED_*) are
//   answered 308 to the same path and query under /c/{default cluster}/, after the checks above and before the gate
//   (which then judges the new path): a bookmark, a CLI's link or a script's POST keeps working, method and body kept.
// - /healthz is what the kubelet asks before it restarts memdash. It is answered here, after the Host check: it takes
//   one turn of the event loop rather than a place in the queue behind Next's routing of everything else that
//   arrived (a burst of refused writes, pages). app/healthz/route.ts answers the same where this hook is not
//   installed (tests of the route handlers).

/** How much of a refused upload is read (and dropped) at most, and for how long, before the connection is cut. */
const DRAIN_BYTES = 256 * 1024 * 1024;
const DRAIN_MS = 30_000;

let installed = false;
const hooked = new WeakSet<Server>();

export function answerBeforeNext(): void {
  if (installed) return;
  installed = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (!hooked.has(this)) {
      hooked.add(this);
      this.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => answerExpectContinue(this, request, response));
    }
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      timeRequest(request, response);
      const refusal = refusalOf(request);
      if (refusal) {
        refuse(request, response, refusal);
        return true;
      }
      if (isLivenessCheck(request)) {
        answerAlive(response);
        return true;
      }
      const moved = movedTo(request.url ?? '/', clusters().defaultCluster.name);
      if (moved) {
        answerMoved(request, response, moved);
        return true;
      }
      // Signed in (or open) first: the gate puts the person's rights in the request, and the shared answer's key
      // follows them. `answer` runs only for a request whose answer is made for it: that spends its client's budget.
      void gate(request).then(
        (outcome) => {
          if (outcome.kind === 'sign-in') return redirect(response, `/auth/sign-in?next=${encodeURIComponent(outcome.returnTo)}`);
          if (outcome.kind === 'refresh') return redirect(response, `/auth/refresh?next=${encodeURIComponent(outcome.returnTo)}`);
          if (outcome.kind === 'unauthorized') return refuse(request, response, new AppError('unauthorized', outcome.message));
          if (outcome.kind === 'ended') return refuse(request, response, new AppError('sign-in-ended', outcome.message));
          answerCollapsed(request, response, () => {
            const over = overLimit(request);
            if (over) return refuse(request, response, over.error, { 'retry-after': String(over.retryAfterSeconds) });
            if (request.method === 'POST') request.headers[CLIENT_HEADER] = clientOfRequest(request);
            const handOver = () => void (emit as (this: Server, ...rest: unknown[]) => boolean).call(this, event, ...args);
            inItsOwnTurn(() => withRequestSignal(leftSignal(response), handOver));
          });
        },
        (err: unknown) => {
          console.error('memdash: the sign-in gate failed:', err instanceof Error ? err.message.slice(0, 300) : 'unknown error');
          refuse(request, response, new AppError('unreachable', 'memdash could not ask the cluster who may read this: try again shortly'));
        },
      );
      return true;
    }
    return (emit as (this: Server, ...rest: unknown[]) => boolean).call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

// Requests that arrive together are handed to Next one per turn of the event loop. Handed over as they arrive, a
// burst of fifty is routed back to back, each run to its first wait before the loop looks at its sockets again, and
// a /healthz that came in behind them waits for all fifty. One per turn, the loop polls between them: a /healthz is
// answered in the next turn (above, in `emit`), and each request still starts in the order it came.
const handOvers: (() => void)[] = [];

function inItsOwnTurn(handOver: () => void): void {
  handOvers.push(handOver);
  if (handOvers.length === 1) setImmediate(handNext);
}

function handNext(): void {
  try {
    handOvers.shift()?.();
  } finally {
    // an immediate queued by an immediate runs in the next turn, after the loop has polled
    if (handOvers.length > 0) setImmediate(handNext);
  }
}

/** Fires when the client goes away before its answer was all sent: what a page reads for it is then nobody's. */
function leftSignal(response: ServerResponse): AbortSignal {
  const left = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) left.abort();
  });
  return left.signal;
}

// A client that sends "Expect: 100-continue" (curl does for a large body) waits for the go-ahead before its body:
// a refused request gets its answer instead, so no byte of the body is sent. Others get what Node gives by default.
function answerExpectContinue(server: Server, request: IncomingMessage, response: ServerResponse): void {
  const refusal = refusalOf(request);
  if (refusal) return refuse(request, response, refusal);
  response.writeContinue();
  server.emit('request', request, response);
}

function refusalOf(request: IncomingMessage): AppError | null {
  const target = requestTargetProblem(request.url ?? '');
  if (target) return target;
  const misdirected = hostProblem({ get: (name) => headerOf(request, name) });
  if (misdirected) return misdirected;
  const peer = notLoopbackPeer(request);
  if (peer) return peer;
  if (!SERVED_METHODS.includes(request.method ?? ''))
    return new AppError('method-not-allowed', `memdash does not answer ${request.method}`);
  const length = request.headers['content-length'];
  if (length === undefined) {
    return request.headers['transfer-encoding'] !== undefined
      ? new AppError('length-required', 'Send the body with a Content-Length')
      : null;
  }
  return Number(length) > MAX_JSON_BODY_BYTES ? new AppError('too-large', `The body is larger than ${MAX_JSON_BODY_BYTES} bytes`) : null;
}

const isLivenessCheck = (request: IncomingMessage) =>
  (request.method === 'GET' || request.method === 'HEAD') && request.url?.split('?', 1)[0] === '/healthz';

/** Liveness: the process serves requests (asking nothing of the cluster); refusalOf has checked the Host. */
function answerAlive(response: ServerResponse): void {
  answerJson(response, 200, { alive: true });
}

/** 308: the client asks again at `location` with the same method and body (a 301 or 302 may turn a POST into a GET). */
function answerMoved(request: IncomingMessage, response: ServerResponse, location: string): void {
  request.resume(); // the body (its length checked above) is the client's to send again
  response.statusCode = 308;
  response.setHeader('location', location);
  for (const { key, value } of securityHeaders()) response.setHeader(key, value);
  // the default cluster is configuration, not a fact of the URL: no cache keeps the answer
  response.setHeader('cache-control', 'no-store');
  response.end();
}

function redirect(response: ServerResponse, location: string): void {
  response.statusCode = 302;
  response.setHeader('location', location);
  for (const { key, value } of securityHeaders()) response.setHeader(key, value);
  response.setHeader('cache-control', 'no-store');
  response.end();
}

/** A header as Headers.get gives it: Node joins the repeats of the headers read here with ", " as it does. */
function headerOf(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function answerJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.statusCode = status;
  for (const [key, value] of Object.entries(headers)) response.setHeader(key, value);
  for (const { key, value } of securityHeaders()) response.setHeader(key, value);
  response.setHeader('cache-control', 'no-store');
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
}

function refuse(request: IncomingMessage, response: ServerResponse, error: AppError, headers: Record<string, string> = {}): void {
  if (error.code === 'method-not-allowed') response.setHeader('allow', SERVED_METHODS.join(', '));
  // The client may be sending its body already, and reads the answer only when done: what arrives is dropped (memory
  // stays flat), and the connection cut past a limit, so an endless upload holds nothing for long.
  response.setHeader('connection', 'close');
  answerJson(response, error.status, error.toBody(), headers);
  let read = 0;
  const cut = setTimeout(() => request.socket.destroy(), DRAIN_MS).unref();
  request.on('end', () => clearTimeout(cut));
  request.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_BYTES) request.socket.destroy();
  });
}
