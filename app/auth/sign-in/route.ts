import { settings } from '@/lib/config';
import { setCookie } from '@/lib/auth/cookies';
import { beginSignIn, PENDING_COOKIE } from '@/lib/auth/oidc';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** GET /auth/sign-in?next=/pods: to the provider's sign-in, and back to `next` after. */
export const GET = route(async (request) => {
  if (settings().auth !== 'oidc') throw new AppError('not-found', 'memdash signs nobody in itself here (MEMDASH_AUTH is not oidc)');
  const next = new URL(request.url).searchParams.get('next');
  const { url, cookie } = await beginSignIn(next ?? '/', new Date());
  return new Response(null, {
    status: 302,
    headers: { location: url.href, 'set-cookie': setCookie(PENDING_COOKIE, cookie, 600), 'cache-control': 'no-store' },
  });
});
