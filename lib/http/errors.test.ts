import { describe, expect, it } from 'vitest';
import { AppError, appErrorFromBody, toAppError } from './errors';

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

describe('appErrorFromBody', () => {
  it('rebuilds the error a route answered with', () => {
    const err = appErrorFromBody(403, { error: { code: 'forbidden', message: 'no' } });
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('forbidden');
  });
});
