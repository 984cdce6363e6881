import { describe, expect, it } from 'vitest';
import { requestTargetProblem } from './request-target';

// Targets whose path a URL parser (WHATWG URL, as Next reads a request) resolves to another path than the one sent.
const DOT_SEGMENTS = [
  '/auth/../api/lifecycle',
  '/auth/%2e%2e/api/webhook/state',
  '/auth/%2E%2e/api/caches',
  '/auth/.%2E/api/caches',
  '/auth/%2e./api/caches',
  '/_next/static/../../lifecycle',
  '/./lifecycle',
  '/%2e/lifecycle',
  '/auth/..',
  '/auth/x/..?next=/',
  '/auth\\..\\api/lifecycle',
  '/auth/..\\api/lifecycle',
];

// The same dots where they are no segment of their own, or only after a further decoding: read as sent.
const PLAIN = [
  '/',
  '/pods/shop/web-6d4f9-abcde',
  '/workloads/shop/Deployment/web.v2',
  '/auth/sign-in?next=/pods/../x',
  '/pods/shop/...',
  '/pods/shop/.hidden',
  '/pods/shop/%252e%252e',
  '/_next/static/chunks/app.js',
];

describe('requestTargetProblem', () => {
  it.each(DOT_SEGMENTS)('refuses %s, which a URL parser reads as another path, with a 400 that says why', (target) => {
    const sent = target.split('?', 1)[0]!;
    expect(new URL(target, 'http://memdash.test').pathname).not.toBe(sent);
    expect(requestTargetProblem(target)).toMatchObject({
      code: 'bad-request',
      status: 400,
      message: expect.stringMatching(/"\." or "\.\." segment/),
    });
  });

  it('refuses a dot segment spelt with encoded separators, which a parser or a proxy may decode first', () => {
    for (const target of ['/auth%2f..%2fapi/lifecycle', '/auth%2F%2e%2e%2Fapi/lifecycle', '/auth%5c..%5capi/lifecycle'])
      expect({ target, problem: requestTargetProblem(target)?.status }).toEqual({ target, problem: 400 });
  });

  it.each(PLAIN)('takes %s as it is', (target) => {
    expect(requestTargetProblem(target)).toBeNull();
  });

  it('still refuses a target that is not a path, or not valid percent-encoding', () => {
    expect(requestTargetProblem('http://evil.example/x')).toMatchObject({ status: 400, message: expect.stringMatching(/not a proxy/) });
    expect(requestTargetProblem('*')).toMatchObject({ status: 400 });
    expect(requestTargetProblem('/pods/%ZZ')).toMatchObject({ status: 400, message: expect.stringMatching(/percent-encoding/) });
  });
});
