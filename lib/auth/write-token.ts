import { z } from 'zod';
import { seal, unseal } from './session';

// MEMDASH_WRITE_AS_USER=on: the signed-in person's ID token, kept for their writes in a sealed cookie of its own
// (the session's key and attributes: encrypted, HttpOnly). Not in the session cookie: that one is opened on every
// request and must stay small, while this one is opened only by a write route (lib/http/write-guard.ts). It names
// the session it was issued with (its id, kept through renewals) and the person, and is used only beside that very
// session: not beside a later session of the same person (a copy of the cookie kept after sign-out, or set into
// another browser by someone signed in as them). Nothing here reads the clock: pass `now`.

/** The ID token a signed-in person writes with, and when the API server stops taking it. */
export interface SessionToken {
  /** The id of the session it was issued with. */
  sid: string;
  user: string;
  idToken: string;
  /** ms since the epoch */
  idTokenExpiresAt: number;
}

/** What the cookie holds: the token, or only that it was too large to keep (its length, to say so). */
export type KeptToken = SessionToken | { sid: string; user: string; tooLarge: number };

/**
 * The longest sealed value set as this cookie: browsers drop a cookie over 4096 bytes (name and attributes
 * included) without a word, so a larger one is replaced by a note saying it did not fit.
 */
export const MAX_WRITE_COOKIE_CHARS = 3800;

/** Past this margin before its end, a token is not used: the write would reach the API server after it ended. */
const END_MARGIN_MS = 15_000;

const kept = z.union([
  z.object({
    use: z.literal('write'),
    sid: z.string().min(16).max(64),
    user: z.string().min(1).max(512),
    idToken: z.string().min(1).max(MAX_WRITE_COOKIE_CHARS),
    idTokenExpiresAt: z.number().int(),
  }),
  z.object({ use: z.literal('write'), sid: z.string().min(16).max(64), user: z.string().min(1).max(512), tooLarge: z.number().int() }),
]);

/** The cookie's name; `__Host-` binds it to this host, path / and HTTPS, as the session's. */
export function writeCookieName(secure: boolean): string {
  return secure ? '__Host-memdash-write' : 'memdash-write';
}

/** The cookie value that keeps `token` until the session ends (`sessionExpiresAt`), or a note when it does not fit. */
export async function sealWriteToken(token: SessionToken, key: Uint8Array, now: Date, sessionExpiresAt: number): Promise<string> {
  // `use` keeps a session cookie's or a sign-in's sealed value (the same key) from opening as this one
  const sealed = await seal({ use: 'write', ...token }, key, now, sessionExpiresAt);
  if (sealed.length <= MAX_WRITE_COOKIE_CHARS) return sealed;
  return seal({ use: 'write', sid: token.sid, user: token.user, tooLarge: token.idToken.length }, key, now, sessionExpiresAt);
}

/** What a write cookie holds, or null for one that does not open: another key, changed, ended, or not this kind. */
export async function openWriteToken(cookie: string | undefined, key: Uint8Array, now: Date): Promise<KeptToken | null> {
  const opened = await unseal(cookie, key, now, kept);
  if (!opened) return null;
  const { use: _use, ...token } = opened.value;
  return token;
}

export type TokenToUse = { ok: true; idToken: string } | { ok: false; message: string };

/** The session a write comes with, as the gate opened it: its id and the person. */
export interface WritingSession {
  sid: string;
  user: string;
}

/**
 * The ID token to write with in the session `session`, or why there is none, in words for them. Checked here only
 * for what memdash knows; whether the API server takes it is the write guard's SelfSubjectReview.
 */
export function tokenToUse(token: KeptToken | null, session: WritingSession | null, now: Date): TokenToUse {
  if (!token || !session)
    return {
      ok: false,
      message:
        'No write credential: paste a token or choose a kubeconfig (prd-write), or sign in again so that memdash holds your ID token to write as you',
    };
  if (token.user !== session.user) return { ok: false, message: 'The ID token memdash holds was issued to someone else: sign in again' };
  if (token.sid !== session.sid)
    return { ok: false, message: 'The ID token memdash holds was issued with another sign-in than this one: sign in again' };
  if ('tooLarge' in token)
    return {
      ok: false,
      message: `Your provider's ID token (${token.tooLarge} characters) is too large for memdash to keep in a cookie: paste a write credential (prd-write) instead`,
    };
  if (token.idTokenExpiresAt - END_MARGIN_MS <= now.getTime())
    return {
      ok: false,
      message: `Your sign-in's ID token ended at ${new Date(token.idTokenExpiresAt).toISOString()}: reload the page (memdash renews your sign-in) or sign in again, then write`,
    };
  return { ok: true, idToken: token.idToken };
}
