import { describe, expect, it } from 'vitest';
import { proxyIdentity, repeatedIdentityHeader, sentHeaders, type ProxyTrust } from './proxy-identity';

const trust: ProxyTrust = {
  secret: 'a-secret-of-the-proxy-0123',
  secretHeader: 'x-memdash-proxy-secret',
  addresses: ['10.0.0.5'],
  userHeader: 'x-auth-request-user',
  emailHeader: 'x-auth-request-email',
  groupsHeader: 'x-auth-request-groups',
};

// Headers as Node hands them over in `request.rawHeaders`: names as sent (any case), one pair per line received.
const named = [
  'X-Auth-Request-User',
  'shop-reader',
  'X-Auth-Request-Email',
  'shop@example.test',
  'X-Auth-Request-Groups',
  'shop-team, dev',
];
const withSecret = (secret: string) => [...named, 'X-Memdash-Proxy-Secret', secret];

describe('identity from an authenticating proxy', () => {
  it("takes the user, email and groups from a request with the proxy's secret or from its address", () => {
    const expected = { user: 'shop-reader', email: 'shop@example.test', groups: ['shop-team', 'dev'] };
    expect(proxyIdentity(sentHeaders(withSecret(trust.secret!)), '192.0.2.9', trust)).toEqual(expected);
    expect(proxyIdentity(sentHeaders(named), '10.0.0.5', trust)).toEqual(expected);
    expect(proxyIdentity(sentHeaders(named), '::ffff:10.0.0.5', trust)).toEqual(expected);
  });

  it('ignores the same headers from anyone else: another address, a wrong or repeated secret', () => {
    expect(proxyIdentity(sentHeaders(named), '192.0.2.9', trust)).toBeNull();
    expect(proxyIdentity(sentHeaders(withSecret('a-secret-of-the-proxy-0124')), '192.0.2.9', trust)).toBeNull();
    const twice = [...withSecret(trust.secret!), 'x-memdash-proxy-secret', trust.secret!];
    expect(proxyIdentity(sentHeaders(twice), '192.0.2.9', trust)).toBeNull();
    expect(proxyIdentity(sentHeaders(named), undefined, { ...trust, addresses: undefined })).toBeNull();
  });

  it('names nobody when the proxy names nobody, or a user twice', () => {
    expect(proxyIdentity(sentHeaders([]), '10.0.0.5', trust)).toBeNull();
    expect(proxyIdentity(sentHeaders(['X-Auth-Request-User', 'a', 'x-auth-request-user', 'b']), '10.0.0.5', trust)).toBeNull();
    expect(proxyIdentity(sentHeaders(['X-Auth-Request-User', 'a']), '10.0.0.5', trust)).toEqual({ user: 'a', groups: [] });
  });
});

describe('an identity header sent twice', () => {
  it('is counted as sent, whatever the case of its name, where Node’s headers object shows one joined value', () => {
    // what a proxy that appends passes on: the client's own groups, then the proxy's
    const appended = [...named.slice(0, 4), 'X-Auth-Request-Groups', 'system:masters', 'x-auth-request-groups', 'platform'];
    expect(sentHeaders(appended)('x-auth-request-groups')).toEqual(['system:masters', 'platform']);
    expect(repeatedIdentityHeader(sentHeaders(appended), trust)).toBe('x-auth-request-groups');
  });

  it('names each of user, email, groups and secret, and none when each came once', () => {
    for (const name of [trust.userHeader, trust.emailHeader, trust.groupsHeader, trust.secretHeader])
      expect(repeatedIdentityHeader(sentHeaders([...withSecret(trust.secret!), name.toUpperCase(), 'again']), trust)).toBe(name);
    expect(repeatedIdentityHeader(sentHeaders(withSecret(trust.secret!)), trust)).toBeNull();
    expect(repeatedIdentityHeader(sentHeaders([...named, 'Accept', 'a', 'accept', 'b']), trust)).toBeNull();
  });
});
