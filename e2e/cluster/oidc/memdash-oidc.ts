// memdash started with its own sign-in (MEMDASH_AUTH=oidc) at our provider, and a person signed in to it through
// the provider's real login form in Chromium: what the tests of memdash's sign-in share.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pki } from '../lib/pki.ts';
import { readState } from '../lib/state.ts';
import { startMemdash, type RunningMemdash } from '../../../test/security/server.ts';
import { issuerUrl, oidcSecrets, type Account } from './provider.ts';

/** The built memdash signing people in at our provider with the session key `key`; `env` adds settings. */
export async function startOidcMemdash(key: Buffer, env: Record<string, string> = {}): Promise<RunningMemdash> {
  const current = readState();
  if (!current?.oidc)
    throw new Error('precondition failed: the local cluster runs without our OpenID Provider (npm run cluster:up -- --oidc)');
  const dir = mkdtempSync(join(tmpdir(), 'memdash-sign-in-'));
  return startMemdash({
    MEMDASH_HISTORY_PATH: join(dir, 'history.sqlite'),
    MEMDASH_AUTH: 'oidc',
    MEMDASH_OIDC_ISSUER: issuerUrl(current),
    MEMDASH_OIDC_CLIENT_ID: 'memdash',
    MEMDASH_OIDC_CLIENT_SECRET: oidcSecrets().clients.memdash,
    MEMDASH_OIDC_SCOPES: 'openid profile email groups offline_access',
    MEMDASH_SESSION_KEY: key.toString('base64'),
    MEMDASH_AUDIT_GROUP: 'platform',
    MEMDASH_PUBLIC_URL: 'http://127.0.0.1:{port}',
    NODE_EXTRA_CA_CERTS: pki('ca.crt'),
    ...env,
  });
}

/** A new browser context in which `account` signed in at the provider on the way to `path`, and is back there. */
export async function signedInPage(
  browser: Browser,
  base: string,
  account: Account,
  path = '/c/local/pods',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  await page.waitForURL(/127\.0\.0\.1:\d+\/login/);
  await page.getByLabel(/user/i).fill(account);
  await page.getByLabel(/password/i).fill(oidcSecrets().passwords[account]);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.waitForURL(`${base}${path}`);
  return { context, page };
}
