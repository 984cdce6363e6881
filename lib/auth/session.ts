import { randomBytes } from 'node:crypto';
import { EncryptJWT, jwtDecrypt, errors } from 'jose';
import { z } from 'zod';

// A signed-in person's session, sealed into the cookie itself (JWE, direct A256GCM with the MEMDASH_SESSION_KEY): no
// server-side store, so every replica with the key reads it, and a new key ends every session. Sealed means both
// secret and tamper-proof: a cookie made with another key, or changed by one byte, does not open.

/** Who is signed in, as the provider or the proxy named them. */
export interface Identity {
  user: string;
  groups: string[];
  email?: string;
}

export interface Session extends Identity {
  /** The session's own random id, kept through renewals: sign-out puts it on the list of ended ones. */
  sid: string;
  /** When the session ends, whatever the provider's tokens say (ms since the epoch). */
  expiresAt: number;
  /** The provider's refresh token, when it gave one: the session is renewed with it (openid-client). */
  refreshToken?: string;
  /** When the provider's ID token ends: past it, the session is refreshed before it is used. */
  idTokenExpiresAt?: number;
}

/** The most groups a session holds (the sealed cookie's limit below is usually met first). */
export const MAX_SESSION_GROUPS = 200;

/**
 * The longest sealed session set as a cookie. Browsers keep a cookie's name and value up to 4096 bytes and drop a
 * larger one without a word; this leaves room for the name (`__Host-memdash-session=`).
 */
export const MAX_SESSION_COOKIE_CHARS = 3800;

const sealed = z
  .object({
    sid: z.string().min(16).max(64),
    user: z.string().min(1).max(512),
    groups: z.array(z.string().max(512)).max(MAX_SESSION_GROUPS),
    email: z.string().max(512).optional(),
    refreshToken: z.string().max(2048).optional(),
    idTokenExpiresAt: z.number().int().optional(),
  })
  .strip();

/** A new session's id: 128 random bits. */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/** The name of the cookie that carries the session. `__Host-` binds it to this host, path / and HTTPS. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-memdash-session' : 'memdash-session';
}

/** The key as the setting holds it (32 bytes, base64). */
export function sessionKeyOf(base64: string): Uint8Array {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('MEMDASH_SESSION_KEY must be 32 bytes, base64');
  return new Uint8Array(key);
}

/** Seals `value` (an object) into a cookie value that opens until `expiresAt` (ms since the epoch). */
export async function seal(value: Record<string, unknown>, key: Uint8Array, now: Date, expiresAt: number): Promise<string> {
  return new EncryptJWT(value)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .encrypt(key);
}

/** What a sealed cookie holds, checked by `schema`, or null for one that does not open: another key, changed, expired. */
export async function unseal<T>(
  cookie: string | undefined,
  key: Uint8Array,
  now: Date,
  schema: z.ZodType<T>,
): Promise<{ value: T; expiresAt: number } | null> {
  if (!cookie || cookie.length > 4096) return null;
  try {
    const { payload } = await jwtDecrypt(cookie, key, {
      currentDate: now,
      contentEncryptionAlgorithms: ['A256GCM'],
      keyManagementAlgorithms: ['dir'],
    });
    const parsed = schema.safeParse(payload);
    if (!parsed.success || typeof payload.exp !== 'number') return null;
    return { value: parsed.data, expiresAt: payload.exp * 1000 };
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}

export async function sealSession(session: Session, key: Uint8Array, now: Date): Promise<string> {
  const { expiresAt, ...rest } = session;
  return seal(rest, key, now, expiresAt);
}

/** What made a session too large to keep in a cookie: how many groups, and how long its sealed value was. */
export interface SessionTooLarge {
  groups: number;
  chars: number;
}

/** Why the session sealed as `cookie` cannot be kept in a browser, or null when it can. */
export function sessionTooLarge(session: Session, cookie: string): SessionTooLarge | null {
  if (cookie.length <= MAX_SESSION_COOKIE_CHARS && session.groups.length <= MAX_SESSION_GROUPS) return null;
  return { groups: session.groups.length, chars: cookie.length };
}

/** The session a cookie holds, or null for one that does not open: another key, changed, expired or not ours. */
export async function openSession(cookie: string | undefined, key: Uint8Array, now: Date): Promise<Session | null> {
  const opened = await unseal(cookie, key, now, sealed);
  return opened && { ...opened.value, expiresAt: opened.expiresAt };
}
