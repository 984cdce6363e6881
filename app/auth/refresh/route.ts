import { settings } from '@/lib/config';
import { endedSessionCookies, sessionCookie, sessionCookies } from '@/lib/auth/cookies';
import { openLiveSession } from '@/lib/auth/ended-sessions';
import { takeCookie } from '@/lib/auth/gate';
import { authPageResponse, sessionTooLargePage } from '@/lib/auth/page';
import { refreshSession, safeReturnTo } from '@/lib/auth/oidc';
import { sessionKeyOf } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * GET /auth/refresh?next=/pods: the session renewed with the provider's refresh token (its groups as the provider now
 * says), then back to `next`; a provider that no longer renews it sends the person to sign in again.
 */
export const GET = route(async (request) => {
  const s = settings();
  if (s.auth !== 'oidc') throw new AppError('not-found', 'memdash signs nobody in itself here (MEMDASH_AUTH is not oidc)');
  const now = new Date();
  const next = safeReturnTo(new URL(request.url).searchParams.get('next'));
  const key = sessionKeyOf(s.sessionKey!);
  const session = await openLiveSession(takeCookie(request.headers.get('cookie') ?? undefined, sessionCookie()).value, key, now);
  const renewed = session && (await refreshSession(session, now));
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (!renewed) {
    headers.set('location', `/auth/sign-in?next=${encodeURIComponent(next)}`);
    for (const cookie of endedSessionCookies()) headers.append('set-cookie', cookie);
  } else {
    // the session keeps the end it was given at sign-in: renewing the ID token does not lengthen it
    const cookies = await sessionCookies({ ...renewed.session, expiresAt: session.expiresAt }, renewed.idToken, now);
    if (!cookies.ok) {
      // the provider now names more groups than a cookie holds: the old session ends, and the page says why
      for (const cookie of endedSessionCookies()) headers.append('set-cookie', cookie);
      return authPageResponse(sessionTooLargePage(cookies.tooLarge), headers);
    }
    headers.set('location', next);
    for (const cookie of cookies.cookies) headers.append('set-cookie', cookie);
  }
  return new Response(null, { status: 302, headers });
});
