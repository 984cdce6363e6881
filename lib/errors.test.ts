import { describe, expect, it, vi } from 'vitest';
import { AppError, appErrorFromBody, failureOf, redacted, storeFailureOf, toAppError } from './errors';

// Shaped like @kubernetes/client-node 2's ApiException: the HTTP status and the Status body as text.
function apiException(code: number, status: object): Error {
  return Object.assign(new Error(`HTTP-Code: ${code}`), { code, body: JSON.stringify(status), headers: {} });
}

describe('toAppError', () => {
  it('maps a missing object to 404', () => {
    const err = toAppError(apiException(404, { kind: 'Status', message: 'pods "nope" not found', reason: 'NotFound', code: 404 }));
    expect(err.status).toBe(404);
    expect(err.message).toBe('pods "nope" not found');
  });

  it("shows a 403 as the cluster's own refusal", () => {
    const message = 'pods is forbidden: User "viewer" cannot list resource "pods" in API group "" at the cluster scope';
    const err = toAppError(apiException(403, { kind: 'Status', message, reason: 'Forbidden', code: 403 }));
    expect(err.code).toBe('forbidden');
    expect(err.status).toBe(403);
    expect(err.message).toBe(message);
  });

  it('maps a refused connection, however deeply wrapped, to 503', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6443'), { code: 'ECONNREFUSED' });
    const err = toAppError(new TypeError('fetch failed', { cause: refused }));
    expect(err.status).toBe(503);
    expect(err.message).toContain('ECONNREFUSED');
  });

  it('maps a timeout to 503', () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(toAppError(timeout).status).toBe(503);
  });

  it('keeps an AppError and hides anything unknown behind a 500', () => {
    const own = new AppError('invalid-name', 'bad');
    expect(toAppError(own)).toBe(own);
    const unknown = toAppError(new Error('secret internals'));
    expect(unknown.status).toBe(500);
    expect(unknown.message).not.toContain('secret');
  });
});

describe('a client certificate or key TLS cannot use', () => {
  it('is a 400 naming the OpenSSL code, not "cannot be reached" (the call never left memdash)', () => {
    // as undici's fetch wraps what tls.createSecureContext threw for a client-certificate-data that is not DER
    const cause = Object.assign(new Error('error:068000A8:asn1 encoding routines::wrong tag'), { code: 'ERR_OSSL_ASN1_WRONG_TAG' });
    const err = toAppError(new TypeError('fetch failed', { cause }));
    expect(err.status).toBe(400);
    expect(err.message).toBe('A client certificate or key of the credential could not be used (ERR_OSSL_ASN1_WRONG_TAG)');
  });
});

describe('failureOf', () => {
  it("logs memdash's own fault without the request's secrets, its line breaks, or all of a long message", () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const secret = 'tok-3f9a1c';
      const header = `Bearer ${secret}\nDATABASE_URL=postgres://u:p@db/x\n${'A'.repeat(1000)}`;
      const err = Object.assign(new TypeError(`Headers.append: "${header}" is an invalid header value.`), { input: header });
      expect(failureOf(err, [secret]).status).toBe(500);
      const [prefix, copy] = logged.mock.calls[0]!;
      expect(prefix).toBe('memdash: internal error');
      const text = `${(copy as Error).stack}\n${JSON.stringify(copy)}`;
      expect(text).not.toContain(secret);
      expect(text).not.toContain('\nDATABASE_URL');
      expect(text).not.toContain('A'.repeat(400));
      expect((copy as Error).message).toMatch(/^Headers\.append: "Bearer \[write credential\]\\x0aDATABASE_URL.*more characters\)$/);
      expect((copy as Error).stack).toMatch(/\n {4}at /);
    } finally {
      logged.mockRestore();
    }
  });

  it('redacts every secret it is given', () => {
    expect(redacted('a tok and a pw', ['tok', 'pw', ''])).toBe('a [write credential] and a [write credential]');
  });
});

describe('appErrorFromBody', () => {
  it('rebuilds the error a route answered with', () => {
    const err = appErrorFromBody(403, { error: { code: 'forbidden', message: 'no' } });
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('forbidden');
  });
});

// Shaped as pg 8 gives them: Node's socket errors, pg's own Error for a closed socket, and DatabaseError with SQLSTATE.
describe('storeFailureOf: a history store that is away', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:40823'), {
    code: 'ECONNREFUSED',
    address: '127.0.0.1',
    port: 40823,
  });
  const ended = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });

  it('names the store, not the Kubernetes API server, when it refuses connections', () => {
    const err = storeFailureOf(refused);
    expect(err.code).toBe('unreachable');
    expect(err.message).toBe('The history store cannot be reached: connect ECONNREFUSED 127.0.0.1:40823');
    expect(toAppError(refused).message).toMatch(/^The Kubernetes API server/); // what the store's reads said before
  });

  it('says the store ended the connection for a shutdown (57P01) or a closed socket, not "internal error"', () => {
    expect(storeFailureOf(ended).message).toBe(
      'The history store ended the connection: terminating connection due to administrator command',
    );
    expect(storeFailureOf(ended).code).toBe('unreachable');
    const closed = storeFailureOf(new Error('Connection terminated unexpectedly'));
    expect(closed.message).toBe('The history store ended the connection: Connection terminated unexpectedly');
    expect(storeFailureOf(Object.assign(new Error('the database system is starting up'), { code: '57P03' })).code).toBe('unreachable');
  });

  it('leaves any other failure to failureOf: a SQL error is memdash’s own, logged, internal', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const err = storeFailureOf(Object.assign(new Error('relation "table_versions" does not exist'), { code: '42P01' }));
    expect(err.code).toBe('internal');
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });
});
