import 'server-only';
import * as client from 'openid-client';
import { z } from 'zod';
import { settings } from '@/lib/config';
import { returnPath } from './return-to';
import { newSessionId, seal, sessionKeyOf, unseal, type Identity, type Session } from './session';

// MEMDASH_AUTH=oidc: the authorization code flow with PKCE through openid-client. A sign-in in progress (its code
// verifier, state, nonce and the page to come back to) is sealed in a short-lived cookie of its own, so any replica
// can finish it; the provider's answer is checked by openid-client (issuer, audience, signature, nonce, state).

/** How long a sign-in may take at the provider. */
const SIGN_IN_MS = 10 * 60_000;
export const PENDING_COOKIE = 'memdash-sign-in';

let discovered: Promise<client.Configuration> | null = null;

/** The provider's configuration (its discovery document), read once; a failed read is tried again next time. */
function configuration(): Promise<client.Configuration> {
  const s = settings();
  discovered ??= client
    .discovery(new URL(s.oidcIssuer!), s.oidcClientId!, undefined, client.ClientSecretBasic(s.oidcClientSecret!))
    .catch((err: unknown) => {
      discovered = null;
      throw err;
    });
  return discovered;
}

const pending = z.object({
  verifier: z.string().max(200),
  state: z.string().max(200),
  nonce: z.string().max(200),
  returnTo: z.string().max(2048),
});
type Pending = z.infer<typeof pending>;

export function callbackUrl(): URL {
  return new URL('/auth/callback', settings().publicUrl!);
}

/** Only a path of memdash itself is a place to come back to: never another site (lib/auth/return-to.ts). */
export function safeReturnTo(value: string | null | undefined): string {
  return returnPath(value, settings().publicUrl!);
}

/** Where to send the browser to sign in, and the sealed cookie that lets the callback finish it. */
export async function beginSignIn(returnTo: string, now: Date): Promise<{ url: URL; cookie: string }> {
  const config = await configuration();
  const p: Pending = {
    verifier: client.randomPKCECodeVerifier(),
    state: client.randomState(),
    nonce: client.randomNonce(),
    returnTo: safeReturnTo(returnTo),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl().href,
    scope: settings().oidcScopes,
    code_challenge: await client.calculatePKCECodeChallenge(p.verifier),
    code_challenge_method: 'S256',
    state: p.state,
    nonce: p.nonce,
  });
  return { url, cookie: await seal(p, key(), now, now.getTime() + SIGN_IN_MS) };
}

/** The session the provider's answer at `currentUrl` opens, and where to go next; throws when it does not check out. */
export async function finishSignIn(
  currentUrl: URL,
  pendingCookie: string | undefined,
  now: Date,
): Promise<{ session: Session; idToken: string; returnTo: string }> {
  const opened = await unseal(pendingCookie, key(), now, pending);
  if (!opened) throw new Error('the sign-in expired or was started in another browser: start it again');
  const p = opened.value;
  const callback = new URL(callbackUrl());
  callback.search = currentUrl.search;
  const tokens = await client.authorizationCodeGrant(await configuration(), callback, {
    pkceCodeVerifier: p.verifier,
    expectedState: p.state,
    expectedNonce: p.nonce,
    idTokenExpected: true,
  });
  // sessionOf throws on an answer without an ID token, so there is one past it
  return { session: sessionOf(tokens, now), idToken: tokens.id_token!, returnTo: p.returnTo };
}

/**
 * The session renewed with its refresh token, and the new ID token (for MEMDASH_WRITE_AS_USER); null when the
 * provider no longer renews it (sign in again).
 */
export async function refreshSession(session: Session, now: Date): Promise<{ session: Session; idToken: string } | null> {
  if (!session.refreshToken) return null;
  try {
    const tokens = await client.refreshTokenGrant(await configuration(), session.refreshToken);
    return {
      session: { ...sessionOf(tokens, now), sid: session.sid, refreshToken: tokens.refresh_token ?? session.refreshToken },
      idToken: tokens.id_token!,
    };
  } catch {
    return null;
  }
}

function sessionOf(tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers, now: Date): Session {
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider sent no ID token');
  const who = identityOfClaims(claims);
  return {
    ...who,
    sid: newSessionId(),
    expiresAt: now.getTime() + settings().sessionHours * 3600_000,
    idTokenExpiresAt: claims.exp * 1000,
    ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
  };
}

/** The person as the API server names them from the same ID token (its username and groups claims and prefixes). */
export function identityOfClaims(claims: Record<string, unknown>): Identity {
  const s = settings();
  const name = claims[s.oidcUsernameClaim];
  if (typeof name !== 'string' || !name) throw new Error(`the ID token has no ${s.oidcUsernameClaim} claim`);
  const raw = claims[s.oidcGroupsClaim];
  const groups = (Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []).filter((g): g is string => typeof g === 'string');
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  return {
    user: `${s.oidcUsernamePrefix}${name}`,
    groups: groups.map((g) => `${s.oidcGroupsPrefix}${g}`),
    ...(email ? { email } : {}),
  };
}

function key(): Uint8Array {
  return sessionKeyOf(settings().sessionKey!);
}
