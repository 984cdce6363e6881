import { describe, expect, it } from 'vitest';
import { assertSameOrigin, hostProblem, type OriginPolicy } from './origin';

const loopback: OriginPolicy = { allowedHosts: ['localhost:3000', '127.0.0.1:3000', '[::1]:3000'], trustProxy: false };
const proxied: OriginPolicy = { allowedHosts: ['memdash.example.com'], trustProxy: true };

const request = (headers: Record<string, string>) => new Request('http://memdash.test/api/webhook/probe', { method: 'POST', headers });
const refused = expect.objectContaining({ code: 'forbidden', status: 403 });

describe('hostProblem: memdash answers only the hosts its setting names', () => {
  it('answers the loopback names on the port it listens on', () => {
    for (const host of ['127.0.0.1:3000', 'localhost:3000', '[::1]:3000', 'LOCALHOST:3000']) {
      expect(hostProblem(new Headers({ host }), loopback)).toBeNull();
    }
  });

  it('refuses a DNS-rebound name, another port, an address spelt otherwise and junk with a 421', () => {
    for (const host of ['evil.example:3000', '127.0.0.1:3001', '127.0.0.1', '0x7f.1:3000', '127.0.0.1:3000/x', 'a@127.0.0.1:3000', '']) {
      expect(hostProblem(new Headers(host ? { host } : {}), loopback)).toMatchObject({ code: 'misdirected', status: 421 });
    }
  });

  it('ignores X-Forwarded-Host unless a proxy is configured', () => {
    expect(hostProblem(new Headers({ host: 'evil.example:3000', 'x-forwarded-host': '127.0.0.1:3000' }), loopback)).not.toBeNull();
    expect(
      hostProblem(new Headers({ host: '10.0.0.5:3000', 'x-forwarded-host': 'memdash.example.com', 'x-forwarded-proto': 'https' }), proxied),
    ).toBeNull();
  });
});

describe('assertSameOrigin', () => {
  it("passes memdash's own page", () => {
    expect(() => assertSameOrigin(request({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }), loopback)).not.toThrow();
    expect(() =>
      assertSameOrigin(request({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' }), loopback),
    ).not.toThrow();
  });

  it('refuses another site, a missing, null or malformed Origin', () => {
    const cases: Array<Record<string, string>> = [
      { host: '127.0.0.1:3000', origin: 'https://evil.example' },
      { host: '127.0.0.1:3000' },
      { host: '127.0.0.1:3000', origin: 'null' },
      { host: '127.0.0.1:3000', origin: 'not a url' },
      { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000/path' },
    ];
    for (const headers of cases) {
      expect(() => assertSameOrigin(request(headers), loopback)).toThrow(refused);
    }
  });

  it('refuses DNS rebinding: a Host and Origin that agree on a name memdash does not answer', () => {
    expect(() => assertSameOrigin(request({ host: 'evil.example:3000', origin: 'http://evil.example:3000' }), loopback)).toThrow(refused);
  });

  it('refuses any Origin paired with a matching X-Forwarded-Host when no proxy is configured', () => {
    const headers = { host: '127.0.0.1:3000', origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' };
    expect(() => assertSameOrigin(request(headers), loopback)).toThrow(refused);
  });

  it("compares the Origin's scheme and port", () => {
    expect(() => assertSameOrigin(request({ host: '127.0.0.1:3000', origin: 'https://127.0.0.1:3000' }), loopback)).toThrow(refused);
    expect(() => assertSameOrigin(request({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3001' }), loopback)).toThrow(refused);
    expect(() => assertSameOrigin(request({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1' }), loopback)).toThrow(refused);
  });

  it('refuses a same-origin Origin when the browser says the request is cross-site or same-site', () => {
    for (const site of ['cross-site', 'same-site', 'none']) {
      const headers = { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'sec-fetch-site': site };
      expect(() => assertSameOrigin(request(headers), loopback)).toThrow(refused);
    }
  });

  it('behind a configured proxy, takes its forwarded host and scheme', () => {
    const base = { host: '10.0.0.5:3000', 'x-forwarded-host': 'memdash.example.com', 'x-forwarded-proto': 'https' };
    expect(() => assertSameOrigin(request({ ...base, origin: 'https://memdash.example.com' }), proxied)).not.toThrow();
    expect(() => assertSameOrigin(request({ ...base, origin: 'http://memdash.example.com' }), proxied)).toThrow(refused);
    expect(() =>
      assertSameOrigin(request({ ...base, origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }), proxied),
    ).toThrow(refused);
  });
});
