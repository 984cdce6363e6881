// The few answers of sign-in that a person meets in their browser's address bar (a refused sign-out, a sign-in that
// cannot be kept): a small page of its own, not JSON. The /auth/* routes answer outside memdash's layout, which asks
// for a session. Every piece of text is escaped: messages can carry what a request sent (an Origin) or the provider
// said.

export interface AuthPage {
  status: number;
  title: string;
  /** Paragraphs, as text. */
  lines: string[];
  /** A button that posts to memdash itself (the sign-out form), shown under the text. */
  form?: { action: string; button: string };
  /** The words of the link home (`/`, which asks for sign-in when there is no session). */
  home?: string;
}

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function authPageHtml(page: AuthPage): string {
  const form = page.form
    ? `<form method="post" action="${escaped(page.form.action)}"><button type="submit">${escaped(page.form.button)}</button></form>`
    : '';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escaped(page.title)} · memdash</title>`,
    '<style>:root{color-scheme:light dark}body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}',
    'button{font:inherit;min-height:2.75rem;padding:0 1rem}</style></head>',
    `<body><main><h1>${escaped(page.title)}</h1>`,
    ...page.lines.map((line) => `<p>${escaped(line)}</p>`),
    form,
    `<p><a href="/">${escaped(page.home ?? 'Back to memdash')}</a></p></main></body></html>`,
  ].join('\n');
}

/** The page as a response: HTML, never cached. */
export function authPageResponse(page: AuthPage, headers: Headers = new Headers()): Response {
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.set('cache-control', 'no-store');
  return new Response(authPageHtml(page), { status: page.status, headers });
}

/**
 * The sign-in that worked at the provider but cannot be kept: the session would not fit in a cookie, and a browser
 * drops a cookie that large without a word, so the person would be sent to sign in again on every page.
 */
export function sessionTooLargePage(tooLarge: { groups: number; chars: number }): AuthPage {
  return {
    status: 403,
    title: 'Signed in, but memdash cannot keep it',
    lines: [
      `Your provider names you in ${tooLarge.groups} groups. memdash keeps your sign-in in a cookie, which would be ` +
        `${tooLarge.chars} characters long: browsers drop a cookie over about 4,000, and every page would send you back to sign in.`,
      'Ask whoever runs memdash to have the provider send memdash fewer groups (only the teams whose RoleBindings matter here, or a shorter groups claim in MEMDASH_OIDC_GROUPS_CLAIM).',
    ],
  };
}
