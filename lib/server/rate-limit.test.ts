import { describe, expect, it } from 'vitest';
import { budgetOf, clientOf, RateLimiter, retryAfterSeconds } from './rate-limit';

/** A limiter of `perWindow` per 10 s on a clock the test moves by hand. */
function limiterOnClock(perWindow: number, maxClients?: number) {
  let t = 5000;
  const limiter = new RateLimiter(
    () => ({ perWindow, windowMs: 10_000 }),
    () => t,
    maxClients,
  );
  return { limiter, pass: (ms: number) => (t += ms) };
}

const oks = (limiter: RateLimiter, client: string, count: number) =>
  Array.from({ length: count }, () => limiter.take(client)).filter((t) => t.ok).length;

describe('RateLimiter', () => {
  it('lets a client make its budget at once, refuses the next one, and says when it has one again', () => {
    const { limiter } = limiterOnClock(6);
    expect(oks(limiter, 'a', 6)).toBe(6);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterMs: 1667 });
  });

  it('gives the budget back evenly over the window, never more than the whole', () => {
    const { limiter, pass } = limiterOnClock(6);
    oks(limiter, 'a', 6);
    pass(1666);
    expect(limiter.take('a').ok).toBe(false);
    pass(1);
    expect(limiter.take('a').ok).toBe(true);
    pass(60_000);
    expect(oks(limiter, 'a', 10)).toBe(6);
  });

  it('counts each client apart', () => {
    const { limiter } = limiterOnClock(2);
    expect(oks(limiter, 'a', 5)).toBe(2);
    expect(oks(limiter, 'b', 5)).toBe(2);
  });

  it('refuses nothing with a budget of 0 (no limit)', () => {
    const { limiter } = limiterOnClock(0);
    expect(oks(limiter, 'a', 1000)).toBe(1000);
  });

  it('holds at most its bound of clients, forgetting the one idle longest', () => {
    const { limiter, pass } = limiterOnClock(1, 2);
    limiter.take('a');
    pass(1);
    limiter.take('b');
    pass(1);
    limiter.take('a');
    limiter.take('c');
    expect(limiter.clients).toBe(2);
    expect(limiter.take('b').ok).toBe(true); // b was forgotten
  });
});

describe('clientOf', () => {
  it('is the address the request came from, without an IPv4-mapped prefix', () => {
    expect(clientOf('::ffff:10.0.0.7', undefined, false)).toBe('10.0.0.7');
    expect(clientOf('::1', undefined, false)).toBe('::1');
  });

  it('ignores X-Forwarded-For unless a proxy in front is trusted', () => {
    expect(clientOf('127.0.0.1', '203.0.113.9', false)).toBe('127.0.0.1');
  });

  it('behind a trusted proxy, is the entry the proxy appended, not those the client wrote', () => {
    expect(clientOf('10.0.0.2', '1.2.3.4, 203.0.113.9', true)).toBe('203.0.113.9');
    expect(clientOf('10.0.0.2', ['1.2.3.4', '203.0.113.9 '], true)).toBe('203.0.113.9');
    expect(clientOf('10.0.0.2', undefined, true)).toBe('10.0.0.2');
  });
});

describe('budgetOf', () => {
  it.each([
    ['GET', '/api/webhook?r=1', 'reads'],
    ['HEAD', '/workloads/shop/web', 'reads'],
    ['GET', '/api/table/diff?format=csv', 'reads'],
    ['POST', '/api/access', 'access'],
    ['POST', '/api/access?x=1', 'access'],
    ['POST', '/api/table/restore', 'writes'],
    ['POST', '/api/snapshot/runs', 'writes'],
    ['POST', '/api/break-glass/scale-down', 'writes'],
    ['POST', '/api/workloads/shop/web/restart?x=1', 'writes'],
    ['POST', '/api/table/restore/diff', 'writes'],
    ['POST', '/api/webhook/probe', null],
    ['POST', '/c/prd/api/access', 'access'],
    ['POST', '/c/prd/api/webhook/probe', null],
    ['POST', '/c/prd/api/table/restore', 'writes'],
    ['GET', '/c/prd/pods', 'reads'],
    ['GET', '/healthz', null],
    ['GET', '/readyz', null],
    ['GET', '/metrics', null],
    ['GET', '/_next/static/chunks/app.js', null],
    ['GET', '/favicon.ico', null],
  ] as const)('%s %s spends %s', (method, url, budget) => {
    expect(budgetOf(method, url)).toBe(budget);
  });
});

describe('retryAfterSeconds', () => {
  it('is whole seconds, rounded up, at least 1', () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
    expect(retryAfterSeconds(0)).toBe(1);
  });
});
