import 'server-only';
import { settings } from '@/lib/config';
import { sealSession, sessionCookieName, sessionKeyOf, sessionTooLarge, type Session, type SessionTooLarge } from './session';
import { sealWriteToken, writeCookieName } from './write-token';

// The Set-Cookie headers of sign-in: HttpOnly (no script reads them), SameSite=Lax (sent when the provider sends
// the browser back, never with another site's POST), Secure with its __Host- name when memdash is reached by https.

export function secureCookies(): boolean {
  return (settings().publicUrl ?? '').startsWith('https:');
}

export function sessionCookie(): string {
  return sessionCookieName(secureCookies());
}

/** The cookie that keeps the person's ID token for their writes (MEMDASH_WRITE_AS_USER=on). */
export function writeCookie(): string {
  return writeCookieName(secureCookies());
}

/** A Set-Cookie value; `maxAgeSeconds` 0 removes the cookie. */
export function setCookie(name: string, value: string, maxAgeSeconds: number): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`];
  if (secureCookies()) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The Set-Cookie values of a session that begins or is renewed: the session, and with MEMDASH_WRITE_AS_USER=on the
 * person's ID token beside it, both ending with the session. Or, for a session too large to be a cookie (a provider
 * that names the person in a hundred groups), how large: a browser drops such a cookie without a word, and the person
 * would be sent to sign in on every page, so the caller refuses the sign-in with a page that says why.
 */
export async function sessionCookies(
  session: Session,
  idToken: string,
  now: Date,
): Promise<{ ok: true; cookies: string[] } | { ok: false; tooLarge: SessionTooLarge }> {
  const key = sessionKeyOf(settings().sessionKey!);
  const maxAge = (session.expiresAt - now.getTime()) / 1000;
  const sealed = await sealSession(session, key, now);
  const tooLarge = sessionTooLarge(session, sealed);
  if (tooLarge) return { ok: false, tooLarge };
  const cookies = [setCookie(sessionCookie(), sealed, maxAge)];
  if (settings().writeAsUser === 'on' && session.idTokenExpiresAt !== undefined) {
    const token = { sid: session.sid, user: session.user, idToken, idTokenExpiresAt: session.idTokenExpiresAt };
    cookies.push(setCookie(writeCookie(), await sealWriteToken(token, key, now, session.expiresAt), maxAge));
  }
  return { ok: true, cookies };
}

/** The Set-Cookie values that end a session: its cookie and the ID token's, whether or not it had one. */
export function endedSessionCookies(): string[] {
  return [setCookie(sessionCookie(), '', 0), setCookie(writeCookie(), '', 0)];
}
