import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSessionId, openSession, seal, sealSession, sessionKeyOf, type Session } from './session';

const now = new Date('2026-12-03T10:00:00Z');
const key = new Uint8Array(randomBytes(32));
const session: Session = {
  sid: 'c2Vzc2lvbi1pZC0xMjM0',
  user: 'shop-reader',
  groups: ['shop-team'],
  email: 'shop-reader@example.test',
  expiresAt: now.getTime() + 12 * 3600_000,
  refreshToken: 'r-1',
};

describe('a sealed session', () => {
  it('opens with its key as it was sealed, to the second', async () => {
    const cookie = await sealSession(session, key, now);
    expect(cookie).not.toContain('shop-reader'); // sealed, not only signed
    expect(await openSession(cookie, key, now)).toEqual(session);
  });

  it('does not open with another key, changed by one character, after it ends, or when it is not one', async () => {
    const cookie = await sealSession(session, key, now);
    expect(await openSession(cookie, new Uint8Array(randomBytes(32)), now)).toBeNull();
    const i = cookie.length - 30;
    const changed = cookie.slice(0, i) + (cookie[i] === 'A' ? 'B' : 'A') + cookie.slice(i + 1);
    expect(await openSession(changed, key, now)).toBeNull();
    expect(await openSession(cookie, key, new Date(session.expiresAt + 1000))).toBeNull();
    for (const junk of [undefined, '', 'x', 'a.b.c.d.e', 'x'.repeat(5000)]) expect(await openSession(junk, key, now)).toBeNull();
  });

  it('does not open without its id, which sign-out ends it by', async () => {
    const { sid: _sid, ...withoutId } = session;
    const cookie = await seal(withoutId, key, now, session.expiresAt);
    expect(await openSession(cookie, key, now)).toBeNull();
    expect(newSessionId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newSessionId()).not.toBe(newSessionId());
  });

  it('takes its key as 32 bytes of base64 and refuses any other length', () => {
    expect(sessionKeyOf(randomBytes(32).toString('base64'))).toHaveLength(32);
    expect(() => sessionKeyOf(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
