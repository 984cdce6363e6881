import { settings } from '@/lib/config';
import { sessionCookies, setCookie } from '@/lib/auth/cookies';
import { takeCookie } from '@/lib/auth/gate';
import { authPageResponse, sessionTooLargePage } from '@/lib/auth/page';
import { finishSignIn, PENDING_COOKIE, safeReturnTo } from '@/lib/auth/oidc';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** GET /auth/callback?code=…&state=…: the provider's answer, checked, becomes the session cookie. */
export const GET = route(async (request) => {
  const s = settings();
  if (s.auth !== 'oidc') throw new AppError('not-found', 'memdash signs nobody in itself here (MEMDASH_AUTH is not oidc)');
  const now = new Date();
  const pending = takeCookie(request.headers.get('cookie') ?? undefined, PENDING_COOKIE).value;
  let finished;
  try {
    finished = await finishSignIn(new URL(request.url), pending, now);
  } catch (err) {
    // the provider's or openid-client's words, one line: never the code or the tokens (they are not in messages)
    const why = err instanceof Error ? err.message.split('\n', 1)[0]!.slice(0, 300) : 'the answer did not check out';
    throw new AppError('unauthorized', `The sign-in did not complete: ${why}`);
  }
  const kept = await sessionCookies(finished.session, finished.idToken, now);
  const headers = new Headers({ 'set-cookie': setCookie(PENDING_COOKIE, '', 0) });
  if (!kept.ok) return authPageResponse(sessionTooLargePage(kept.tooLarge), headers);
  for (const cookie of kept.cookies) headers.append('set-cookie', cookie);
  headers.set('location', safeReturnTo(finished.returnTo));
  headers.set('cache-control', 'no-store');
  return new Response(null, { status: 302, headers });
});
