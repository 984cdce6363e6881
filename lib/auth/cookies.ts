import 'server-only';
import { settings } from '@/lib/config';
import { sessionCookieName } from './session';

// The Set-Cookie headers of sign-in: HttpOnly (no script reads them), SameSite=Lax (sent when the provider sends
// the browser back, never with another site's POST), Secure with its __Host- name when memdash is reached by https.

export function secureCookies(): boolean {
  return (settings().publicUrl ?? '').startsWith('https:');
}

export function sessionCookie(): string {
  return sessionCookieName(secureCookies());
}

/** A Set-Cookie value; `maxAgeSeconds` 0 removes the cookie. */
export function setCookie(name: string, value: string, maxAgeSeconds: number): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`];
  if (secureCookies()) parts.push('Secure');
  return parts.join('; ');
}
