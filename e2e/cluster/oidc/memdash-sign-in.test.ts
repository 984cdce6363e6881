// memdash's own sign-in (MEMDASH_AUTH=oidc) against our OpenID Provider, in Debian's Chromium through the provider's
// real login form: without a session every page goes to sign-in and every API answers 401; signed in, pages and
// APIs answer; a cookie sealed with another key, or forged gate headers, change nothing; a session alone does not
// write (MEMDASH_WRITE_AS_USER off: memdash-write-as-user.test.ts has it on); sign-out ends it.
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, sealSession } from '@/lib/auth/session';
import { readState } from '../lib/state.ts';
import { kubectl } from '../../../test/integration/cluster.ts';
import { launchChromium } from './chromium.ts';
import type { RunningMemdash } from '../../../test/security/server.ts';
import { sendTo } from '../../../test/security/http.ts';
import { Browser as HttpBrowser } from './browser.ts';
import { signInAs } from './code-flow.ts';
import { signedInPage as signedIn, startOidcMemdash } from './memdash-oidc.ts';
import { issuerUrl, oidcSecrets, type Account } from './provider.ts';

const key = randomBytes(32);
let memdash: RunningMemdash;
let browser: Browser;
const base = () => `http://127.0.0.1:${memdash.port}`;

beforeAll(async () => {
  memdash = await startOidcMemdash(key); // MEMDASH_WRITE_AS_USER off, as by default
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await memdash?.stop();
});

const signedInPage = (account: Account) => signedIn(browser, base(), account);

describe('memdash with MEMDASH_AUTH=oidc', () => {
  it('sends a page without a session to sign in and answers an API 401', async () => {
    const page = await fetch(`${base()}/c/local/pods`, { redirect: 'manual' });
    expect([page.status, page.headers.get('location')]).toEqual([302, '/auth/sign-in?next=%2Fc%2Flocal%2Fpods']);
    const api = await fetch(`${base()}/c/local/api/pods`);
    expect(api.status).toBe(401);
    expect((await fetch(`${base()}/healthz`)).status).toBe(200);
  });

  it('answers a Host it does not serve 421 before sign-in, so a DNS-rebound page is never sent on to the provider', async () => {
    for (const path of ['/c/local/pods', '/c/local/api/pods', '/auth/sign-in?next=%2Fc%2Flocal%2Fpods']) {
      const answer = await sendTo(memdash.port, 'GET', path, { host: `evil.example:${memdash.port}` });
      expect({ path, status: answer.status, location: answer.headers.location }).toEqual({ path, status: 421, location: undefined });
    }
  });

  it('signs shop-reader in through the provider and back to the page asked for, with an HttpOnly session', async () => {
    const { context, page } = await signedInPage('shop-reader');
    const cookies = await context.cookies(base());
    const session = cookies.find((c) => c.name === 'memdash-session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const api = await page.request.get(`${base()}/c/local/api/pods`);
    expect(api.status()).toBe(200);
    // what the gate asked the cluster for them: the pods of shop, and nothing of any other namespace
    const listed = (await api.json()) as { pods: Array<{ namespace: string }>; total: number };
    const shop = kubectl(['get', 'pods', '-n', 'shop', '-o', 'name'], 'admin').split('\n').filter(Boolean);
    expect(listed.total).toBe(shop.length);
    expect(new Set(listed.pods.map((p) => p.namespace))).toEqual(new Set(['shop']));
    await context.close();
  });

  it('shows platform-reader every namespace and no-rights none, as their RoleBindings say', async () => {
    const seen = async (account: 'platform-reader' | 'no-rights') => {
      const { context, page } = await signedInPage(account);
      const listed = (await (await page.request.get(`${base()}/c/local/api/pods?limit=200`)).json()) as {
        pods: Array<{ namespace: string }>;
      };
      await context.close();
      return new Set(listed.pods.map((p) => p.namespace));
    };
    const everywhere = new Set(kubectl(['get', 'pods', '-A', '-o', 'jsonpath={.items[*].metadata.namespace}'], 'admin').split(' '));
    expect([...(await seen('platform-reader'))].sort()).toEqual([...everywhere].sort());
    expect(await seen('no-rights')).toEqual(new Set());
  });

  it('refuses a session sealed with another key, and ignores gate headers a client sends', async () => {
    const now = new Date();
    const forged = await sealSession(
      { sid: 'forged-session-id-1', user: 'platform-reader', groups: ['platform'], expiresAt: now.getTime() + 3600_000 },
      new Uint8Array(randomBytes(32)),
      now,
    );
    expect((await fetch(`${base()}/c/local/api/pods`, { headers: { cookie: `memdash-session=${forged}` } })).status).toBe(401);
    const everything = Buffer.from(JSON.stringify({ pods: 'all', table: true, kyvernoLogs: true, audit: true })).toString('base64url');
    const who = Buffer.from(JSON.stringify({ user: 'platform-reader', groups: ['platform'] })).toString('base64url');
    const headers = { 'x-memdash-rights': everything, 'x-memdash-identity': who };
    expect((await fetch(`${base()}/c/local/api/pods`, { headers })).status).toBe(401);
  });

  it('renews a session whose ID token ended with its refresh token, and sends a spent one to sign in', async () => {
    const now = new Date();
    const tokens = await signInAs(readState()!, 'shop-reader');
    const ended = {
      sid: 'renewed-session-id-1',
      user: 'shop-reader',
      groups: [],
      refreshToken: tokens.refreshToken,
      idTokenExpiresAt: now.getTime() - 1000,
    };
    const cookie = `memdash-session=${await sealSession({ ...ended, expiresAt: now.getTime() + 3600_000 }, key, now)}`;
    const page = await fetch(`${base()}/c/local/pods`, { headers: { cookie }, redirect: 'manual' });
    expect([page.status, page.headers.get('location')]).toEqual([302, '/auth/refresh?next=%2Fc%2Flocal%2Fpods']);
    const renewed = await fetch(`${base()}/auth/refresh?next=%2Fc%2Flocal%2Fpods`, { headers: { cookie }, redirect: 'manual' });
    expect([renewed.status, renewed.headers.get('location')]).toEqual([302, '/c/local/pods']);
    const sealed = /memdash-session=([^;]+)/.exec(renewed.headers.get('set-cookie') ?? '')?.[1];
    const session = await openSession(sealed, key, new Date());
    // the provider's groups now, and an ID token that has not ended; the session's own end is kept
    expect(session).toMatchObject({ sid: 'renewed-session-id-1', user: 'shop-reader', groups: ['shop-team'] });
    expect(session!.idTokenExpiresAt).toBeGreaterThan(Date.now());
    expect(Math.abs(session!.expiresAt - (now.getTime() + 3600_000))).toBeLessThan(1000);
    // the provider rotates refresh tokens: the old cookie's one is spent
    const spent = await fetch(`${base()}/auth/refresh?next=%2Fc%2Flocal%2Fpods`, { headers: { cookie }, redirect: 'manual' });
    expect([spent.status, spent.headers.get('location')]).toEqual([302, '/auth/sign-in?next=%2Fc%2Flocal%2Fpods']);
  });

  it("names the signed-in person in a write's audit record, beside the credential's identity", async () => {
    const { context, page } = await signedInPage('platform-reader');
    // the probe: the one step that runs without a write credential (a server-side dry run), so it writes nothing
    const probe = await page.request.post(`${base()}/c/local/api/break-glass/probe`, { headers: { origin: base() }, data: {} });
    expect(probe.status()).toBe(200);
    const audit = (await (await page.request.get(`${base()}/c/local/api/audit?limit=1`)).json()) as {
      records: Array<{ action: string; actor: string; signedIn?: string }>;
    };
    expect(audit.records[0]).toMatchObject({ action: 'break-glass.probe', actor: '(no write credential)', signedIn: 'platform-reader' });
    await context.close();
  });

  it('refuses a write with only a session (MEMDASH_WRITE_AS_USER off), even from someone whose own token may do it', async () => {
    const { context, page } = await signedInPage('platform-operator');
    const run = await page.request.post(`${base()}/c/local/api/snapshot/runs`, { headers: { origin: base() }, data: {} });
    expect(run.status()).toBe(401);
    expect(((await run.json()) as { error: { message: string } }).error.message).toMatch(/^No write credential: paste a token/);
    // nor does memdash keep the ID token for it
    expect((await context.cookies(base())).some((c) => c.name === 'memdash-write')).toBe(false);
    await context.close();
  });

  /** A session cookie sealed here for shop-reader whose ID token has ended, with a live refresh token from the provider. */
  async function endedSession(sid: string): Promise<string> {
    const now = new Date();
    const tokens = await signInAs(readState()!, 'shop-reader');
    const session = { sid, user: 'shop-reader', groups: ['shop-team'], refreshToken: tokens.refreshToken };
    return sealSession({ ...session, idTokenExpiresAt: now.getTime() - 1000, expiresAt: now.getTime() + 3600_000 }, key, now);
  }

  // issue 55, item 3: `next` that a browser reads as another host (a tab or newline dropped, `\` read as `/`)
  const HOSTILE_NEXT = [
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%5C/evil.example',
    '%2F%2Fevil.example',
    'https%3A%2F%2Fevil.example%2F',
  ];

  it('comes back after sign-in only to a page of memdash, whatever `next` says', async () => {
    const elsewhere = (url: string) => !url.startsWith(`${base()}/`) && !url.startsWith(issuerUrl(readState()!));
    for (const next of HOSTILE_NEXT) {
      const end = await new HttpBrowser().signIn(
        `${base()}/auth/sign-in?next=${next}`,
        'shop-reader',
        oidcSecrets().passwords['shop-reader'],
        elsewhere,
      );
      // memdash's home: `/`, which with one cluster is that cluster's home page
      expect({ next, url: end.url, status: end.status }).toEqual({ next, url: `${base()}/c/local`, status: 200 });
    }
  });

  it('renews a session only back to a page of memdash, whatever `next` says', async () => {
    for (const next of HOSTILE_NEXT) {
      const cookie = `memdash-session=${await endedSession('renewed-to-next-session')}`;
      const renewed = await sendTo(memdash.port, 'GET', `/auth/refresh?next=${next}`, { cookie });
      expect({ next, status: renewed.status, location: renewed.headers.location }).toEqual({ next, status: 302, location: '/' });
    }
  });

  it('answers an API 401 sign-in-ended once the ID token has ended, and an open page renews it by itself', async () => {
    const api = await fetch(`${base()}/c/local/api/pods?limit=1`, {
      headers: { cookie: `memdash-session=${await endedSession('ended-api-session-1')}` },
    });
    expect(api.status).toBe(401);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('sign-in-ended');
    // a page left open: its session's ID token ends under it, and its next read sends it to renew, then back
    const { context, page } = await signedInPage('shop-reader');
    const sid = 'ended-page-session-1';
    await context.addCookies([{ name: 'memdash-session', value: await endedSession(sid), url: base(), httpOnly: true, sameSite: 'Lax' }]);
    const renewal = await page.waitForResponse((r) => r.url().startsWith(`${base()}/auth/refresh?next=%2Fc%2Flocal%2Fpods`), {
      timeout: 40_000,
    });
    expect([renewal.status(), await renewal.headerValue('location')]).toEqual([302, '/c/local/pods']);
    await page.waitForURL(`${base()}/c/local/pods`);
    const renewed = (await context.cookies(base())).find((c) => c.name === 'memdash-session');
    const session = await openSession(renewed?.value, key, new Date());
    expect(session).toMatchObject({ sid, user: 'shop-reader' });
    expect(session!.idTokenExpiresAt).toBeGreaterThan(Date.now());
    await context.close();
  });

  it('refuses, with a page saying why, a sign-in whose groups are too many for a cookie', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base()}/c/local/pods`);
    await page.waitForURL(/127\.0\.0\.1:\d+\/login/);
    await page.getByLabel(/user/i).fill('many-groups');
    await page.getByLabel(/password/i).fill(oidcSecrets().passwords['many-groups']);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.getByRole('heading', { name: 'Signed in, but memdash cannot keep it' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('main').textContent()).toMatch(/Your provider names you in 120 groups/);
    expect((await context.cookies(base())).map((c) => c.name)).toEqual([]);
    await context.close();
  });

  it("ends the session when the header's Sign out is clicked, and a copy of its cookie with it", async () => {
    const { context, page } = await signedInPage('platform-reader');
    const before = await context.cookies(base());
    const copy = `memdash-session=${before.find((c) => c.name === 'memdash-session')?.value}`;
    expect((await fetch(`${base()}/c/local/api/pods?limit=1`, { headers: { cookie: copy } })).status).toBe(200);
    // the button as a person presses it: the browser writes the Origin (and Referer) under the page's Referrer-Policy
    const out = page.waitForResponse((r) => r.url() === `${base()}/auth/sign-out`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    expect([(await out).status(), await (await out).headerValue('location')]).toEqual([303, '/auth/signed-out']);
    // a page that says so (home would go on to the provider, which may sign them straight back in)
    await page.waitForURL(`${base()}/auth/signed-out`);
    await page.getByRole('heading', { name: 'Signed out' }).waitFor();
    expect((await context.cookies(base())).some((c) => c.name === 'memdash-session')).toBe(false);
    // the session is gone: a page goes to sign in, an API answers 401
    const again = await page.request.get(`${base()}/c/local/pods`, { maxRedirects: 0 });
    expect([again.status(), again.headers()['location']]).toEqual([302, '/auth/sign-in?next=%2Fc%2Flocal%2Fpods']);
    expect((await page.request.get(`${base()}/c/local/api/pods`)).status()).toBe(401);
    // the copy still opens (it is sealed), but the session it names was signed out: refused, and not renewed
    const refused = await fetch(`${base()}/c/local/api/pods?limit=1`, { headers: { cookie: copy } });
    expect(refused.status).toBe(401);
    const renew = await fetch(`${base()}/auth/refresh?next=%2Fc%2Flocal%2Fpods`, { headers: { cookie: copy }, redirect: 'manual' });
    expect([renew.status, renew.headers.get('location')]).toEqual([302, '/auth/sign-in?next=%2Fc%2Flocal%2Fpods']);
    await context.close();
  });
});
