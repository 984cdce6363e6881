// An application's side of the authorization code flow with PKCE at our provider, for tests: the sign-in goes
// through the provider's real authorize endpoint and login form (Browser), the code through its token endpoint.
import { createHash, randomBytes } from 'node:crypto';
import { Browser } from './browser.ts';
import { issuerUrl, oidcSecrets, SCOPES, type Account, type ClientId } from './provider.ts';
import type { ClusterState } from '../lib/state.ts';

export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
}

/** Nothing listens there: the flow stops when the provider sends the browser to it, as a real callback would get it. */
const CALLBACK = 'http://127.0.0.1:9/auth/callback';

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** The claims of a JWT, unverified: the tests compare them, the API server verifies them. */
export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function discovery(browser: Browser, current: ClusterState): Promise<Discovery> {
  const page = await browser.open(`${issuerUrl(current)}/.well-known/openid-configuration`);
  if (page.status !== 200) throw new Error(`discovery answered HTTP ${page.status}`);
  return JSON.parse(page.body) as Discovery;
}

export interface AuthorizeOptions {
  /** the account's own by default */
  password?: string;
  /** false: no code_challenge in the request */
  pkce?: boolean;
  redirectUri?: string;
  /** false: only follow the provider's redirects, do not post its login form */
  signIn?: boolean;
}

/** One sign-in at the authorize endpoint; `callback` is the callback's URL once the provider redirected there. */
export async function authorize(current: ClusterState, account: Account, options: AuthorizeOptions = {}) {
  const browser = new Browser();
  const endpoints = await discovery(browser, current);
  const redirectUri = options.redirectUri ?? CALLBACK;
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const nonce = base64url(randomBytes(16));
  const query = new URLSearchParams({
    client_id: 'memdash' satisfies ClientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: SCOPES.join(' '),
    state,
    nonce,
  });
  if (options.pkce !== false) {
    query.set('code_challenge', base64url(createHash('sha256').update(verifier).digest()));
    query.set('code_challenge_method', 'S256');
  }
  const start = `${endpoints.authorization_endpoint}?${query}`;
  const atCallback = (url: string) => url.startsWith(redirectUri);
  const password = options.password ?? oidcSecrets().passwords[account];
  const page =
    options.signIn === false ? await browser.follow(start, {}, atCallback) : await browser.signIn(start, account, password, atCallback);
  const callback = page.status === 0 ? new URL(page.url) : undefined;
  return { page, callback, state, nonce, verifier, redirectUri, endpoints, browser };
}

type Flow = Awaited<ReturnType<typeof authorize>>;

/** The code of a finished sign-in exchanged at the token endpoint, with its PKCE verifier. */
export async function exchange(flow: Flow): Promise<Tokens> {
  const params = flow.callback?.searchParams;
  if (!params?.get('code')) throw new Error(`no code: ${params?.get('error') ?? `HTTP ${flow.page.status}`}`);
  if (params.get('state') !== flow.state) throw new Error('the callback carried another state');
  const tokens = await tokenRequest(flow.browser, flow.endpoints, {
    grant_type: 'authorization_code',
    code: params.get('code')!,
    redirect_uri: flow.redirectUri,
    code_verifier: flow.verifier,
  });
  if (claimsOf(tokens.idToken).nonce !== flow.nonce) throw new Error('the ID token carried another nonce');
  return tokens;
}

/** Signs `account` in as the memdash client and exchanges the code: the ID token is what the API server takes. */
export async function signInAs(current: ClusterState, account: Account): Promise<Tokens> {
  return exchange(await authorize(current, account));
}

/** A refresh at the token endpoint; rejects with the provider's error (`invalid_grant` for a used token). */
export async function refresh(current: ClusterState, refreshToken: string): Promise<Tokens> {
  const browser = new Browser();
  return tokenRequest(browser, await discovery(browser, current), { grant_type: 'refresh_token', refresh_token: refreshToken });
}

async function tokenRequest(browser: Browser, endpoints: Discovery, form: Record<string, string>): Promise<Tokens> {
  const basic = Buffer.from(`memdash:${oidcSecrets().clients.memdash}`).toString('base64');
  const page = await browser.open(endpoints.token_endpoint, { method: 'POST', form, headers: { authorization: `Basic ${basic}` } });
  const body = JSON.parse(page.body) as { id_token?: string; access_token?: string; refresh_token?: string; error?: string };
  if (page.status !== 200 || !body.id_token) throw new Error(`token endpoint: HTTP ${page.status} ${body.error ?? ''}`.trim());
  return { idToken: body.id_token, accessToken: body.access_token ?? '', refreshToken: body.refresh_token ?? '' };
}
