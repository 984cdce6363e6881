import { describe, expect, it } from 'vitest';
import { EVERYTHING, type Rights } from '@/lib/domain/rights';
import { encodeHeader, identityFromHeader, rightsFromHeader } from './viewer';

describe('the gate headers', () => {
  it('carry rights and identity through as they were', () => {
    const shop: Rights = { pods: ['shop'], table: false, kyvernoLogs: false, audit: false };
    expect(rightsFromHeader(encodeHeader(shop))).toEqual(shop);
    expect(rightsFromHeader(encodeHeader(EVERYTHING))).toEqual(EVERYTHING);
    const who = { user: 'shop-reader', groups: ['shop-team'], email: 'shop@example.test' };
    expect(identityFromHeader(encodeHeader(who))).toEqual(who);
  });

  it('read as nothing when absent or not what the gate writes', () => {
    for (const junk of [
      undefined,
      null,
      '',
      'not base64 json',
      encodeHeader({ user: 'x' } as never),
      Buffer.from('{"pods":"some"}').toString('base64url'),
    ]) {
      expect(rightsFromHeader(junk)).toBeNull();
    }
    expect(identityFromHeader(Buffer.from('{"user":1,"groups":[]}').toString('base64url'))).toBeNull();
  });
});
