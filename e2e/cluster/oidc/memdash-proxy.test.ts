// memdash behind oauth2-proxy (MEMDASH_AUTH=proxy), trusting the proxy by its address: a person signed in at the
// proxy through the provider's real login reads through it; the same identity headers sent straight to memdash by
// a client at another address change nothing, and nor does the proxy's address sending no person.
import { request as httpRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readState } from '../lib/state.ts';
import { launchChromium } from './chromium.ts';
import { startMemdash, type RunningMemdash } from '../../../test/security/server.ts';
import { startOauth2Proxy, type RunningProxy } from './oauth2-proxy.ts';
import { oidcSecrets } from './provider.ts';

let memdash: RunningMemdash;
let proxy: RunningProxy;
let browser: Browser;

beforeAll(async () => {
  const current = readState();
  if (!current?.oidc)
    throw new Error('precondition failed: the local cluster runs without our OpenID Provider (npm run cluster:up -- --oidc)');
  memdash = await startMemdash({
    MEMDASH_HISTORY_PATH: join(mkdtempSync(join(tmpdir(), 'memdash-proxy-')), 'history.sqlite'),
    MEMDASH_AUTH: 'proxy',
    MEMDASH_PROXY_ADDRESSES: '127.0.0.1',
    // oauth2-proxy in front of an upstream names the person in X-Forwarded-*
    MEMDASH_PROXY_USER_HEADER: 'x-forwarded-user',
    MEMDASH_PROXY_EMAIL_HEADER: 'x-forwarded-email',
    MEMDASH_PROXY_GROUPS_HEADER: 'x-forwarded-groups',
    // the proxy passes on the Host it was asked at: its own port, chosen after memdash's
    MEMDASH_ALLOWED_HOSTS: '127.0.0.1',
  });
  proxy = await startOauth2Proxy(current, `http://127.0.0.1:${memdash.port}/`);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.stop();
  await memdash?.stop();
});

/** A GET straight to memdash from `from` (another loopback address is another client), with these headers. */
function straight(path: string, headers: Record<string, string>, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: memdash.port, path, localAddress: from, headers: { host: `127.0.0.1:${memdash.port}`, ...headers } },
      (res) => (res.resume(), resolve(res.statusCode ?? 0)),
    );
    req.on('error', reject);
    req.end();
  });
}

describe('memdash with MEMDASH_AUTH=proxy behind oauth2-proxy', () => {
  it('reads for a person signed in at the proxy through the provider', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${proxy.url}/c/local/pods`);
    await page.waitForURL(/\/login/);
    await page.getByLabel(/user/i).fill('platform-reader');
    await page.getByLabel(/password/i).fill(oidcSecrets().passwords['platform-reader']);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(`${proxy.url}/c/local/pods`);
    expect((await page.request.get(`${proxy.url}/c/local/api/pods`)).status()).toBe(200);
    await context.close();
  });

  it('ignores identity headers from a client that is not the proxy, and a proxy request naming nobody', async () => {
    const forged = { 'x-forwarded-user': 'platform-reader', 'x-forwarded-groups': 'platform' };
    expect(await straight('/c/local/api/pods', forged, '127.0.0.2')).toBe(401);
    expect(await straight('/c/local/api/pods', {}, '127.0.0.1')).toBe(401);
    expect(await straight('/healthz', {}, '127.0.0.2')).toBe(200);
  });
});
