import { settings } from '@/lib/config';
import { endedSessionCookies, sessionCookie } from '@/lib/auth/cookies';
import { endSession } from '@/lib/auth/ended-sessions';
import { takeCookie } from '@/lib/auth/gate';
import { openSession, sessionKeyOf } from '@/lib/auth/session';
import { assertSameOrigin } from '@/lib/http/origin';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * POST /auth/sign-out from memdash's own page: the session is ended on every replica (a copy of its cookie no longer
 * passes), its cookies are removed, and the browser goes home.
 */
export const POST = route(async (request) => {
  assertSameOrigin(request);
  const s = settings();
  if (s.auth === 'oidc') {
    const now = new Date();
    const cookie = takeCookie(request.headers.get('cookie') ?? undefined, sessionCookie()).value;
    const session = await openSession(cookie, sessionKeyOf(s.sessionKey!), now);
    if (session) await endSession(session.sid, session.expiresAt, now);
  }
  const headers = new Headers({ location: '/', 'cache-control': 'no-store' });
  for (const cookie of endedSessionCookies()) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
});
