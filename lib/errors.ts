// The app's one error type, its codes and its one mapper (what a failed call to the cluster means). The data layer
// (lib/k8s, lib/history, lib/views, lib/domain's parts) throws it, route handlers and pages answer it, and the browser
// rebuilds it from a route's JSON; so it holds no Kubernetes client import (a failed call from @kubernetes/client-node
// is recognised by its shape) and nothing of HTTP's but each code's status. The answer itself is lib/http's
// (errorResponse in lib/http/route.ts).

export type ErrorCode =
  | 'invalid-name' // a namespace or name that Kubernetes would refuse; checked before any call
  | 'bad-request'
  | 'unauthorized' // the cluster did not accept the credential
  | 'sign-in-ended' // sign-in: the session's ID token has ended; the page renews it (/auth/refresh)
  | 'forbidden' // the cluster's RBAC refused; the message is the cluster's own
  | 'withheld' // sign-in: the signed-in person's rights (their RBAC) do not reach this answer
  | 'not-found'
  | 'method-not-allowed'
  | 'too-large'
  | 'length-required' // a body sent without Content-Length
  | 'misdirected' // a Host header memdash does not answer (MEMDASH_ALLOWED_HOSTS)
  | 'too-many-requests' // a client past its share of reads or access checks; Retry-After says when to ask again
  | 'conflict' // the cluster's 409 (AlreadyExists, a changed resourceVersion), its message as it wrote it
  | 'unsupported-media-type' // a write route takes JSON only
  | 'invalid' // the cluster's 422: it refused the object as invalid
  | 'unreachable' // the API server did not answer
  | 'busy' // memdash runs as many of these at once as it will (large diffs): try again after Retry-After
  | 'cluster-error' // the API server answered with an error we do not map further
  | 'internal';

const STATUS: Record<ErrorCode, number> = {
  'invalid-name': 400,
  'bad-request': 400,
  unauthorized: 401,
  'sign-in-ended': 401,
  forbidden: 403,
  withheld: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  'too-large': 413,
  'length-required': 411,
  misdirected: 421,
  'too-many-requests': 429,
  conflict: 409,
  'unsupported-media-type': 415,
  invalid: 422,
  unreachable: 503,
  busy: 503,
  'cluster-error': 502,
  internal: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Sent as Retry-After: when asking again may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS[this.code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message } };
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

/** Rebuilds the error a route answered with (browser side), so callers see one type everywhere. */
export function appErrorFromBody(status: number, body: unknown): AppError {
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (error && typeof error.code === 'string' && error.code in STATUS && typeof error.message === 'string') {
    return new AppError(error.code, error.message);
  }
  return new AppError(status >= 500 ? 'internal' : 'bad-request', `HTTP ${status}`);
}

/** Maps anything thrown while serving a request to an AppError. The only place that decides a status. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const api = apiExceptionOf(err);
  if (api) return fromClusterAnswer(api.code, api.body);
  const unusable = unusableKeyCause(err);
  if (unusable) return new AppError('bad-request', `A client certificate or key of the credential could not be used (${unusable})`);
  const unreachable = unreachableCause(err);
  if (unreachable) return new AppError('unreachable', `The Kubernetes API server cannot be reached: ${unreachable}`);
  return new AppError('internal', 'Internal error (see the server log)');
}

/**
 * A failure of the history store's connection as the store being away, said so: a connection refused, reset or ended
 * by the server (PostgreSQL's SQLSTATE classes 08, connection exception, and 57, operator intervention: a restart, a
 * failover), not the Kubernetes API server (toAppError's word for any network failure) nor an internal error. Null
 * for any other failure (a query's own error stays as it is, for the store's code to handle).
 */
export function storeConnectionFailure(err: unknown): AppError | null {
  if (err instanceof AppError) return null;
  const sqlState = (err as { code?: unknown } | null)?.code;
  const ended =
    (typeof sqlState === 'string' && /^(08|57)[0-9A-Z]{3}$/.test(sqlState)) || /^Connection terminated/.test((err as Error)?.message);
  if (ended && err instanceof Error) return new AppError('unreachable', `The history store ended the connection: ${err.message}`);
  const unreachable = unreachableCause(err);
  if (unreachable) return new AppError('unreachable', `The history store cannot be reached: ${unreachable}`);
  return null;
}

/** Maps a failure of a read of the history store: its connection's as the store's (storeConnectionFailure). */
export function storeFailureOf(err: unknown): AppError {
  return storeConnectionFailure(err) ?? failureOf(err);
}

/**
 * Maps a failure that ends a request (a route's or a page's) and logs it when it is memdash's own fault, with the
 * request's `secrets` (the write credential's values) taken out of what is logged.
 */
export function failureOf(err: unknown, secrets: readonly string[] = []): AppError {
  const appError = toAppError(err);
  // Only our own faults are logged, with their stack; the cluster's answers are the operator's to read on the page.
  if (appError.code === 'internal') console.error('memdash: internal error', loggable(err, secrets));
  return appError;
}

/** `text` with each secret replaced: no message leaves or is stored holding one, whatever echoed it. */
export function redacted(text: string, secrets: readonly string[]): string {
  return secrets.reduce((t, secret) => (secret ? t.replaceAll(secret, '[write credential]') : t), text);
}

const MAX_LOGGED_MESSAGE = 300;

/**
 * A copy of an error fit for the log: its name, code, stack frames and causes, and its message redacted and cut.
 * A message can carry a request's value (a header value quoted by the header check, an input quoted by a parser),
 * and logging the error object itself would print its other fields whole.
 */
function loggable(err: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? clipped(redacted(err, secrets)) : typeof err;
  const cause = err.cause !== undefined && depth < 3 ? { cause: loggable(err.cause, secrets, depth + 1) } : undefined;
  const copy = new Error(clipped(redacted(err.message, secrets)), cause);
  copy.name = err.name;
  const { code } = err as { code?: unknown };
  if (typeof code === 'string' || typeof code === 'number') Object.assign(copy, { code });
  const header = `${err.name}: ${err.message}`;
  const frames = err.stack?.startsWith(header) ? err.stack.slice(header.length) : '';
  copy.stack = `${copy.name}: ${copy.message}${redacted(frames, secrets)}`;
  return copy;
}

function clipped(text: string): string {
  // A line break or control character in a message would forge log lines.
  const oneLine = text.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return oneLine.length <= MAX_LOGGED_MESSAGE
    ? oneLine
    : `${oneLine.slice(0, MAX_LOGGED_MESSAGE)}… (${oneLine.length - MAX_LOGGED_MESSAGE} more characters)`;
}

/**
 * Whether a page should answer 404: its name is one Kubernetes would refuse, its parameters are bad, or the thing is
 * not there. A page cannot answer 400, and a 200 would tell a crawler or a monitor that the page exists.
 */
export function isNotThere(error: { code: ErrorCode }): boolean {
  return error.code === 'invalid-name' || error.code === 'bad-request' || error.code === 'not-found';
}

/**
 * The API server's answer to a call it refused: its HTTP status and its Status message as it wrote it, or null when
 * the call never got an answer. For callers that show the refusal itself as the result (the webhook probe).
 */
export function clusterAnswerOf(err: unknown): { status: number; message: string | null } | null {
  const api = apiExceptionOf(err);
  return api ? { status: api.code, message: statusMessage(api.body) } : null;
}

interface ApiExceptionShape {
  code: number;
  body: unknown;
}

// @kubernetes/client-node 2 throws ApiException { code: HTTP status, body: the Status text }.
function apiExceptionOf(err: unknown): ApiExceptionShape | null {
  if (!(err instanceof Error)) return null;
  const { code } = err as unknown as { code?: unknown };
  if (typeof code !== 'number' || code < 100 || code > 599 || !('body' in err)) return null;
  return { code, body: (err as unknown as { body: unknown }).body };
}

function fromClusterAnswer(code: number, body: unknown): AppError {
  const message = statusMessage(body);
  if (code === 401) return new AppError('unauthorized', `The cluster did not accept memdash's credential${message ? `: ${message}` : ''}`);
  if (code === 403) return new AppError('forbidden', message ?? 'The cluster refused the request (403 Forbidden)');
  if (code === 404) return new AppError('not-found', message ?? 'Not found');
  if (code === 409) return new AppError('conflict', message ?? 'The cluster refused the request (409 Conflict)');
  if (code === 422) return new AppError('invalid', message ?? 'The cluster refused the object as invalid (422)');
  if (code === 503 || code === 504)
    return new AppError('unreachable', `The Kubernetes API server is unavailable (${code})${message ? `: ${message}` : ''}`);
  return new AppError('cluster-error', `The Kubernetes API server answered ${code}${message ? `: ${message}` : ''}`);
}

/** The `message` of a Kubernetes Status, whether the client kept it as text or parsed it. */
function statusMessage(body: unknown): string | null {
  let status = body;
  if (typeof body === 'string') {
    try {
      status = JSON.parse(body);
    } catch {
      return body.trim() || null;
    }
  }
  const message = (status as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : null;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_SOCKET',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * The OpenSSL code when TLS could not use a client certificate or key (one that does not parse, a key that is not the
 * certificate's), or null. The call never left memdash: this is the credential's fault, not the API server's.
 */
function unusableKeyCause(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_OSSL_')) return code;
  }
  return null;
}

/** Why the API server could not be reached (a refused connection, a timeout, DNS, TLS), or null. */
function unreachableCause(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return e.message || code;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'no answer within the timeout (MEMDASH_KUBE_TIMEOUT_MS)';
  }
  // undici's fetch wraps every network failure in `TypeError: fetch failed`.
  if (err instanceof TypeError && err.message === 'fetch failed') {
    return err.cause instanceof Error ? `fetch failed: ${err.cause.message}` : 'fetch failed';
  }
  return null;
}
