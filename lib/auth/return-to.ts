// Where a browser goes back to after sign-in or a renewal (`next`): a page of memdash itself, never another site.
// Pure, so the hostile forms are tested without a server.
//
// A prefix check on the raw text is not enough: a browser's URL parser drops tabs and newlines and reads `\` as `/`,
// so `/\t/evil.example` and `/\/evil.example` become `//evil.example`, another host; and a newline in a Location
// header makes Node refuse the response (a 500). So `next` is resolved as the browser would resolve it, against
// memdash's public URL, and kept only when it lands on that origin; what comes back is the parsed path and query,
// serialized by the URL parser (percent-encoded, no control characters), never the text as it was sent.

/** The longest place to come back to that is kept (the sign-in's sealed cookie holds it); longer ones go home. */
export const MAX_RETURN_TO = 2048;

/** `next` as a path and query on memdash's own origin (`publicUrl`'s), or `/` when it is anything else. */
export function returnPath(next: string | null | undefined, publicUrl: string): string {
  if (!next || !next.startsWith('/')) return '/';
  let own: URL;
  let resolved: URL;
  try {
    own = new URL(publicUrl);
    resolved = new URL(next, own);
  } catch {
    return '/';
  }
  if (resolved.origin !== own.origin || resolved.username || resolved.password) return '/';
  const path = `${resolved.pathname}${resolved.search}`;
  // what the parser made of it must still be a path of this origin by itself (not `//host`, not `/\host`)
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\') || path.length > MAX_RETURN_TO) return '/';
  return path;
}
