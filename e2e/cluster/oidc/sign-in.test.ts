// The sign-in tests' real parts, for real: ID tokens from our OpenID Provider's own endpoints (its login form posted
// as a browser posts it), the API server trusting them with the accounts' RBAC, and oauth2-proxy signing in at it.
import { createSign, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ApiError } from '../lib/api.ts';
import { waitFor } from '../lib/processes.ts';
import { PreconditionFailed, requireCluster } from '../../../test/integration/cluster';
import { Browser } from './browser.ts';
import { authorize, claimsOf, exchange, refresh, signInAs, type Tokens } from './code-flow.ts';
import { startOauth2Proxy, type RunningProxy } from './oauth2-proxy.ts';
import { oidcSecrets } from './provider.ts';

const current = requireCluster();
if (!current.oidc)
  throw new PreconditionFailed('the local cluster does not trust the OpenID Provider', 'run `npm run cluster:up -- --oidc`');

interface PodList {
  items: Array<{ metadata: { namespace: string } }>;
}

/** The HTTP status the API server answers `path` with for this token (200 or the refusal's). */
async function statusFor(token: string, path: string): Promise<number> {
  try {
    await api(token).call('GET', path);
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

/** Who the API server says the token's bearer is (SelfSubjectReview: needs no RBAC). */
async function whoAmI(token: string): Promise<{ username: string; groups: string[] }> {
  const review = await api(token).call<{ status: { userInfo: { username: string; groups?: string[] } } }>(
    'POST',
    '/apis/authentication.k8s.io/v1/selfsubjectreviews',
    { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
  );
  return { username: review.status.userInfo.username, groups: review.status.userInfo.groups ?? [] };
}

/** The same header and claims, signed by a key the provider never had. */
function forged(jwt: string): string {
  const [header, payload] = jwt.split('.');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

const tokens: Partial<Record<'shop-reader' | 'platform-reader' | 'no-rights', Tokens>> = {};

beforeAll(async () => {
  tokens['shop-reader'] = await signInAs(current, 'shop-reader');
  tokens['platform-reader'] = await signInAs(current, 'platform-reader');
  tokens['no-rights'] = await signInAs(current, 'no-rights');
  // the API server loads the provider's discovery and keys in the background after it starts
  const accepted = await waitFor(async () => (await statusFor(tokens['platform-reader']!.idToken, '/api')) === 200, 60_000, 500);
  if (!accepted) throw new PreconditionFailed('the API server did not accept the provider’s ID tokens within 60 s', 'see its log');
});

describe('the API server trusts the provider’s ID tokens', () => {
  it('names each account and its groups as the provider signed them in', async () => {
    expect(await whoAmI(tokens['shop-reader']!.idToken)).toEqual({
      username: 'shop-reader',
      groups: ['shop-team', 'system:authenticated'],
    });
    expect(await whoAmI(tokens['platform-reader']!.idToken)).toEqual({
      username: 'platform-reader',
      groups: ['platform', 'system:authenticated'],
    });
    expect(await whoAmI(tokens['no-rights']!.idToken)).toEqual({ username: 'no-rights', groups: ['system:authenticated'] });
  });

  it('lets shop-reader list the pods of shop and nowhere else', async () => {
    const token = tokens['shop-reader']!.idToken;
    const shop = await api(token).call<PodList>('GET', '/api/v1/namespaces/shop/pods');
    expect(shop.items.length).toBeGreaterThan(0);
    expect(await statusFor(token, '/api/v1/namespaces/kyverno-prd/pods')).toBe(403);
    expect(await statusFor(token, '/api/v1/pods')).toBe(403);
  });

  it('lets platform-reader list the pods of every namespace', async () => {
    const all = await api(tokens['platform-reader']!.idToken).call<PodList>('GET', '/api/v1/pods');
    const namespaces = new Set(all.items.map((p) => p.metadata.namespace));
    expect(namespaces).toContain('shop');
    expect(namespaces).toContain('kyverno-prd');
  });

  it('forbids no-rights every list', async () => {
    const token = tokens['no-rights']!.idToken;
    expect(await statusFor(token, '/api/v1/namespaces/shop/pods')).toBe(403);
    expect(await statusFor(token, '/api/v1/pods')).toBe(403);
  });

  it('refuses a token with the same claims signed by another key (401)', async () => {
    const token = forged(tokens['platform-reader']!.idToken);
    expect(claimsOf(token)).toEqual(claimsOf(tokens['platform-reader']!.idToken));
    expect(await statusFor(token, '/api/v1/pods')).toBe(401);
  });

  it('accepts the ID token of a refresh, and the provider refuses the used refresh token', async () => {
    const first = tokens['shop-reader']!;
    const renewed = await refresh(current, first.refreshToken);
    expect(renewed.refreshToken).not.toBe(first.refreshToken);
    expect(claimsOf(renewed.idToken)).toMatchObject({ sub: 'shop-reader', groups: ['shop-team'] });
    expect(await whoAmI(renewed.idToken)).toMatchObject({ username: 'shop-reader' });
    await expect(refresh(current, first.refreshToken)).rejects.toThrow(/invalid_grant/);
  });
});

describe('the provider’s sign-in', () => {
  it('answers a wrong password on its form, with no code', async () => {
    const flow = await authorize(current, 'shop-reader', { password: 'not-the-password' });
    expect(flow.callback).toBeUndefined();
    expect(flow.page.status).toBe(401);
    expect(flow.page.body).toContain('wrong user name or password');
  });

  it('refuses an authorization request without PKCE', async () => {
    const flow = await authorize(current, 'shop-reader', { pkce: false, signIn: false });
    expect(flow.callback?.searchParams.get('error')).toBe('invalid_request');
    expect(flow.callback?.searchParams.get('code')).toBeNull();
  });

  it('sends no one to a redirect URI the client did not register', async () => {
    const flow = await authorize(current, 'shop-reader', { redirectUri: 'http://attacker.test/auth/callback', signIn: false });
    expect(flow.callback).toBeUndefined(); // the error stays on the provider's page
    expect(flow.page.status).toBe(400);
    expect(flow.page.headers.location).toBeUndefined();
  });

  it('exchanges a code once only', async () => {
    const flow = await authorize(current, 'platform-reader');
    await exchange(flow);
    await expect(exchange(flow)).rejects.toThrow(/invalid_grant/);
  });
});

describe('oauth2-proxy against the provider', () => {
  let proxy: RunningProxy;
  beforeAll(async () => {
    proxy = await startOauth2Proxy(current);
  });
  afterAll(async () => {
    await proxy?.stop();
  });

  it('answers /oauth2/auth with 401 without a cookie', async () => {
    const page = await new Browser().open(`${proxy.url}/oauth2/auth`);
    expect(page.status).toBe(401);
    expect(page.headers['x-auth-request-user']).toBeUndefined();
  });

  it('sets X-Auth-Request-User and -Groups on /oauth2/auth after a real sign-in', async () => {
    const browser = new Browser();
    const landed = await browser.signIn(`${proxy.url}/oauth2/start?rd=%2F`, 'shop-reader', oidcSecrets().passwords['shop-reader']);
    expect(landed.url).toBe(`${proxy.url}/`); // back at the proxy's upstream (its static 202 answer)
    expect(landed.status).toBe(202);
    const auth = await browser.open(`${proxy.url}/oauth2/auth`);
    expect(auth.status).toBe(202);
    expect(auth.headers['x-auth-request-user']).toBe('shop-reader');
    expect(auth.headers['x-auth-request-email']).toBe('shop-reader@memdash.test');
    expect(auth.headers['x-auth-request-groups']).toBe('shop-team');
  });

  it('sets no groups header for no-rights, who has none', async () => {
    const browser = new Browser();
    await browser.signIn(`${proxy.url}/oauth2/start?rd=%2F`, 'no-rights', oidcSecrets().passwords['no-rights']);
    const auth = await browser.open(`${proxy.url}/oauth2/auth`);
    expect(auth.status).toBe(202);
    expect(auth.headers['x-auth-request-user']).toBe('no-rights');
    expect(auth.headers['x-auth-request-groups']).toBeUndefined();
  });
});
