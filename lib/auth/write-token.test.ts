import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSession, sealSession } from './session';
import { MAX_WRITE_COOKIE_CHARS, openWriteToken, sealWriteToken, tokenToUse, type SessionToken } from './write-token';

const now = new Date('2026-12-04T10:00:00Z');
const key = new Uint8Array(randomBytes(32));
const sessionEnds = now.getTime() + 12 * 3600_000;
// shaped like a provider's ID token (header.claims.signature); nothing here verifies it, the API server does
const jwt = (claimsChars: number) =>
  [
    Buffer.from('{"alg":"RS256","typ":"JWT"}').toString('base64url'),
    Buffer.from(JSON.stringify({ sub: 'platform-operator', pad: 'x'.repeat(claimsChars) })).toString('base64url'),
    randomBytes(256).toString('base64url'),
  ].join('.');
const SID = 'c2Vzc2lvbi1vZi1vcGVyYXRvcg';
const session = { sid: SID, user: 'platform-operator' };
const token: SessionToken = { sid: SID, user: 'platform-operator', idToken: jwt(400), idTokenExpiresAt: now.getTime() + 3600_000 };

describe("the signed-in person's ID token, sealed for their writes", () => {
  it('opens with its key as it was sealed, and shows nothing of the token', async () => {
    const cookie = await sealWriteToken(token, key, now, sessionEnds);
    for (const part of token.idToken.split('.')) expect(cookie).not.toContain(part);
    expect(await openWriteToken(cookie, key, now)).toEqual(token);
    expect(await openWriteToken(cookie, new Uint8Array(randomBytes(32)), now)).toBeNull();
    expect(await openWriteToken(cookie, key, new Date(sessionEnds + 1000))).toBeNull();
  });

  it('never opens as a session, nor a session as it, though both are sealed with one key', async () => {
    const session = await sealSession(
      { sid: 'session-id-of-operator', user: 'platform-operator', groups: ['platform-operators'], expiresAt: sessionEnds },
      key,
      now,
    );
    expect(await openWriteToken(session, key, now)).toBeNull();
    expect(await openSession(await sealWriteToken(token, key, now, sessionEnds), key, now)).toBeNull();
  });

  it('keeps only a note of a token too large for a cookie, with its length', async () => {
    const large = { ...token, idToken: jwt(3000) };
    const cookie = await sealWriteToken(large, key, now, sessionEnds);
    expect(cookie.length).toBeLessThanOrEqual(MAX_WRITE_COOKIE_CHARS);
    expect(await openWriteToken(cookie, key, now)).toEqual({ sid: SID, user: 'platform-operator', tooLarge: large.idToken.length });
  });
});

describe('which token a write without a pasted credential uses', () => {
  it('the live token of the person signed in', () => {
    expect(tokenToUse(token, session, now)).toEqual({ ok: true, idToken: token.idToken });
  });

  it('none, saying why: no token kept, another person or session, too large, ended or about to', () => {
    const why = (...args: Parameters<typeof tokenToUse>) => {
      const use = tokenToUse(...args);
      return use.ok ? 'used' : use.message;
    };
    expect(why(null, session, now)).toMatch(/^No write credential: paste a token .* or sign in again/);
    expect(why(token, null, now)).toMatch(/^No write credential/);
    expect(why(token, { sid: SID, user: 'shop-reader' }, now)).toMatch(/issued to someone else: sign in again/);
    // the same person, another session (a copy of the cookie set beside a later sign-in): not this session's token
    expect(why(token, { sid: 'YW5vdGhlci1zZXNzaW9uLWlk', user: 'platform-operator' }, now)).toMatch(
      /issued with another sign-in than this one: sign in again/,
    );
    expect(why({ sid: SID, user: 'platform-operator', tooLarge: 5000 }, session, now)).toMatch(
      /ID token \(5000 characters\) is too large .* paste a write credential/,
    );
    const ended = { ...token, idTokenExpiresAt: now.getTime() - 1 };
    expect(why(ended, session, now)).toBe(
      "Your sign-in's ID token ended at 2026-12-04T09:59:59.999Z: reload the page (memdash renews your sign-in) or sign in again, then write",
    );
    expect(why({ ...token, idTokenExpiresAt: now.getTime() + 5000 }, session, now)).toMatch(/ended at/);
    expect(why({ ...token, idTokenExpiresAt: now.getTime() + 60_000 }, session, now)).toBe('used');
  });
});
