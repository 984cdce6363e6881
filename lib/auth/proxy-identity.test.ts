import { describe, expect, it } from 'vitest';
import { proxyIdentity, type ProxyTrust } from './proxy-identity';

const trust: ProxyTrust = {
  secret: 'a-secret-of-the-proxy-0123',
  secretHeader: 'x-memdash-proxy-secret',
  addresses: ['10.0.0.5'],
  userHeader: 'x-auth-request-user',
  emailHeader: 'x-auth-request-email',
  groupsHeader: 'x-auth-request-groups',
};
const headers =
  (h: Record<string, string | string[]>) =>
  (name: string): string | string[] | undefined =>
    h[name];
const named = {
  'x-auth-request-user': 'shop-reader',
  'x-auth-request-email': 'shop@example.test',
  'x-auth-request-groups': 'shop-team, dev',
};

describe('identity from an authenticating proxy', () => {
  it("takes the user, email and groups from a request with the proxy's secret or from its address", () => {
    const expected = { user: 'shop-reader', email: 'shop@example.test', groups: ['shop-team', 'dev'] };
    expect(proxyIdentity(headers({ ...named, 'x-memdash-proxy-secret': trust.secret! }), '192.0.2.9', trust)).toEqual(expected);
    expect(proxyIdentity(headers(named), '10.0.0.5', trust)).toEqual(expected);
    expect(proxyIdentity(headers(named), '::ffff:10.0.0.5', trust)).toEqual(expected);
  });

  it('ignores the same headers from anyone else: another address, a wrong or repeated secret', () => {
    expect(proxyIdentity(headers(named), '192.0.2.9', trust)).toBeNull();
    expect(proxyIdentity(headers({ ...named, 'x-memdash-proxy-secret': 'a-secret-of-the-proxy-0124' }), '192.0.2.9', trust)).toBeNull();
    expect(proxyIdentity(headers({ ...named, 'x-memdash-proxy-secret': [trust.secret!, trust.secret!] }), '192.0.2.9', trust)).toBeNull();
    expect(proxyIdentity(headers(named), undefined, { ...trust, addresses: undefined })).toBeNull();
  });

  it('names nobody when the proxy names nobody, or a user twice', () => {
    expect(proxyIdentity(headers({}), '10.0.0.5', trust)).toBeNull();
    expect(proxyIdentity(headers({ 'x-auth-request-user': ['a', 'b'] }), '10.0.0.5', trust)).toBeNull();
    expect(proxyIdentity(headers({ 'x-auth-request-user': 'a' }), '10.0.0.5', trust)).toEqual({ user: 'a', groups: [] });
  });
});
