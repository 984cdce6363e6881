import { authPageResponse } from '@/lib/auth/page';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * GET /auth/signed-out: where sign-out sends the browser. A page of its own, not home: home without a session goes on
 * to the provider, and a page's CSP (`form-action 'self'`) stops a form's redirects at another origin, so the
 * browser would stay on the page it signed out from, looking signed in; and a provider that still holds its own
 * session would sign the person straight back in.
 */
export const GET = route(async () =>
  authPageResponse({
    status: 200,
    title: 'Signed out',
    lines: [
      "You are signed out of memdash: this browser's session has ended, and a copy of its cookie no longer opens anything.",
      'Your sign-in at your provider may still be open: on a shared screen, sign out there too.',
    ],
    home: 'Sign in again',
  }),
);
