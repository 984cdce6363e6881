import { settings } from '@/lib/config';
import { endedSessionCookies, sessionCookie } from '@/lib/auth/cookies';
import { endSession } from '@/lib/auth/ended-sessions';
import { takeCookie } from '@/lib/auth/gate';
import { authPageResponse } from '@/lib/auth/page';
import { openSession, sessionKeyOf } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { assertSameOrigin } from '@/lib/http/origin';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * POST /auth/sign-out from memdash's own page: the session is ended on every replica (a copy of its cookie no longer
 * passes), its cookies are removed, and the browser goes to a page that says so (/auth/signed-out). From anywhere
 * else (another site's form, a browser that sent no Origin) nothing ends, and the person gets a page saying so, with
 * a button that signs out from here.
 */
export const POST = route(async (request) => {
  const refused = notFromMemdash(request);
  if (refused) return refusedSignOut(refused);
  const s = settings();
  if (s.auth === 'oidc') {
    const now = new Date();
    const cookie = takeCookie(request.headers.get('cookie') ?? undefined, sessionCookie()).value;
    const session = await openSession(cookie, sessionKeyOf(s.sessionKey!), now);
    if (session) await endSession(session.sid, session.expiresAt, now);
  }
  const headers = new Headers({ location: '/auth/signed-out', 'cache-control': 'no-store' });
  for (const cookie of endedSessionCookies()) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
});

function notFromMemdash(request: Request): AppError | null {
  try {
    assertSameOrigin(request);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

// A person pressed something that posted here, so they read the answer in the address bar: a page, not JSON. Its
// button posts from memdash's own page, which is what the refusal asked for.
function refusedSignOut(error: AppError): Response {
  return authPageResponse({
    status: error.status,
    title: 'Not signed out',
    lines: [
      'memdash did not sign you out: it ends a session only when asked from its own pages, so that another site cannot sign you out.',
      error.message,
      'Press the button below to sign out from here.',
    ],
    form: { action: '/auth/sign-out', button: 'Sign out' },
  });
}
