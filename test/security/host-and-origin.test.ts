// Issue 9, item 2: memdash answers only the hosts its setting names (here the default: the loopback names on its
// port), and a route that acts passes only for its own pages. Sent raw, as an attacker's page or script would.
import { describe, expect, it } from 'vitest';
import { json, own, ownOrigin, port, send } from './http';

const evil = () => `evil.example:${port()}`;

describe('the Host header', () => {
  it('gets 421 on every kind of route when it names a host memdash does not answer (DNS rebinding)', async () => {
    for (const path of [
      '/',
      '/c/local/pods',
      '/c/local/table/diff',
      '/c/local/api/pods',
      '/c/local/api/webhook',
      '/healthz',
      '/readyz',
      '/_next/static/chunks/x.js',
      '/favicon.ico',
      '/no-such-page',
    ]) {
      const answer = await send('GET', path, { host: evil() });
      expect({ path, status: answer.status }).toEqual({ path, status: 421 });
    }
  });

  it('is not replaced by X-Forwarded-Host when no proxy is configured', async () => {
    expect((await send('GET', '/healthz', { host: evil(), 'x-forwarded-host': own() })).status).toBe(421);
  });

  it('answers its own loopback names', async () => {
    for (const host of [own(), `localhost:${port()}`]) expect((await send('GET', '/healthz', { host })).status).toBe(200);
  });
});

describe('the probe (a route that acts) from a page that is not memdash', () => {
  const probe = (headers: Record<string, string>) =>
    send('POST', '/c/local/api/webhook/probe', { 'content-type': 'application/json', ...headers }, '{}');

  it('refuses DNS rebinding: Host and Origin agree on a name memdash does not answer', async () => {
    expect((await probe({ host: evil(), origin: `http://${evil()}` })).status).toBe(421);
  });

  it('refuses any Origin paired with a matching X-Forwarded-Host', async () => {
    const answer = await probe({ origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' });
    expect(answer.status).toBe(403);
    expect(json<{ error: { code: string } }>(answer).error.code).toBe('forbidden');
  });

  it("compares the Origin's scheme and port", async () => {
    expect((await probe({ origin: `https://${own()}` })).status).toBe(403);
    expect((await probe({ origin: `http://127.0.0.1:${port() + 1}` })).status).toBe(403);
  });

  it('refuses a same-origin Origin the browser marks cross-site, and a missing Origin', async () => {
    expect((await probe({ origin: ownOrigin(), 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await probe({})).status).toBe(403);
  });

  it("passes memdash's own page", async () => {
    expect((await probe({ origin: ownOrigin(), 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });
});

describe('sign-out from a page that is not memdash', () => {
  it('ends nothing and answers a page saying so, with a button that signs out from memdash itself', async () => {
    const refusedFrom: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: ownOrigin() },
    ];
    for (const headers of refusedFrom) {
      const answer = await send('POST', '/auth/sign-out', { 'content-type': 'application/x-www-form-urlencoded', ...headers }, '');
      expect({ headers, status: answer.status, type: answer.headers['content-type'] }).toEqual({
        headers,
        status: 403,
        type: 'text/html; charset=utf-8',
      });
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.body).toContain('<h1>Not signed out</h1>');
      expect(answer.body).toMatch(/<form method="post" action="\/auth\/sign-out"><button type="submit">Sign out<\/button><\/form>/);
      // what the request sent is shown escaped, never as markup
      expect(answer.body).not.toContain('<script');
    }
    const hostile = await send('POST', '/auth/sign-out', { origin: 'http://<script>x</script>.example' }, '');
    expect(hostile.body).not.toContain('<script>');
  });
});
