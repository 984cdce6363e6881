import { endedSessionCookies } from '@/lib/auth/cookies';
import { assertSameOrigin } from '@/lib/http/origin';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** POST /auth/sign-out from memdash's own page: the session's cookies are removed, and the browser goes home. */
export const POST = route(async (request) => {
  assertSameOrigin(request);
  const headers = new Headers({ location: '/', 'cache-control': 'no-store' });
  for (const cookie of endedSessionCookies()) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
});
