import { sessionCookie, setCookie } from '@/lib/auth/cookies';
import { assertSameOrigin } from '@/lib/http/origin';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** POST /auth/sign-out from memdash's own page: the session cookie is removed, and the browser goes home. */
export const POST = route(async (request) => {
  assertSameOrigin(request);
  return new Response(null, {
    status: 303,
    headers: { location: '/', 'set-cookie': setCookie(sessionCookie(), '', 0), 'cache-control': 'no-store' },
  });
});
