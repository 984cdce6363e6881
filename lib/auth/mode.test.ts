import { describe, expect, it } from 'vitest';
import { authProblems, isLoopbackAddress, isLoopbackHost, type AuthSettings } from './mode';

const none: AuthSettings = { auth: 'none', authNoneOnNetwork: 'off' };

describe('sign-in settings', () => {
  it('lets none run on loopback names only, unless that is acknowledged', () => {
    expect(authProblems(none)).toEqual([]);
    expect(authProblems({ ...none, allowedHosts: ['localhost:3000', '127.0.0.1', '[::1]:3000'] })).toEqual([]);
    const [problem] = authProblems({ ...none, allowedHosts: ['127.0.0.1:3000', 'memdash.example.internal'] });
    expect(problem).toMatch(/none lets everyone who reaches memdash\.example\.internal read/);
    expect(problem).toMatch(/MEMDASH_AUTH_NONE_ON_NETWORK=on/);
    expect(authProblems({ ...none, allowedHosts: ['memdash.example.internal'], authNoneOnNetwork: 'on' })).toEqual([]);
  });

  it('names what oidc lacks, and refuses a proxy mode anyone could impersonate', () => {
    expect(authProblems({ ...none, auth: 'oidc', oidcIssuer: 'https://id.example' })).toEqual([
      'MEMDASH_OIDC_CLIENT_ID: must be set when MEMDASH_AUTH=oidc',
      'MEMDASH_PUBLIC_URL: must be set when MEMDASH_AUTH=oidc',
      'MEMDASH_OIDC_CLIENT_SECRET: must be set when MEMDASH_AUTH=oidc',
      'MEMDASH_SESSION_KEY: must be set when MEMDASH_AUTH=oidc',
    ]);
    expect(authProblems({ ...none, auth: 'proxy' })[0]).toMatch(/MEMDASH_PROXY_SECRET or MEMDASH_PROXY_ADDRESSES/);
    expect(authProblems({ ...none, auth: 'proxy', proxyAddresses: ['10.0.0.5'] })).toEqual([]);
  });

  it('refuses MEMDASH_WRITE_AS_USER=on in any mode but oidc, naming the variable', () => {
    const oidc: AuthSettings = {
      ...none,
      auth: 'oidc',
      oidcIssuer: 'https://id.example',
      oidcClientId: 'memdash',
      publicUrl: 'https://memdash.example',
      oidcClientSecret: 'secret',
      sessionKey: 'key',
    };
    expect(authProblems({ ...oidc, writeAsUser: 'on' })).toEqual([]);
    for (const mode of [none, { ...none, auth: 'proxy', proxyAddresses: ['10.0.0.5'] } satisfies AuthSettings]) {
      expect(authProblems({ ...mode, writeAsUser: 'off' })).toEqual([]);
      const problems = authProblems({ ...mode, writeAsUser: 'on' });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^MEMDASH_WRITE_AS_USER: on only with MEMDASH_AUTH=oidc/);
    }
  });

  it('knows loopback hosts as written, never by resolving them', () => {
    expect(['localhost', 'localhost:80', '127.0.0.1:3000', '127.1.2.3', '[::1]', '[::1]:3000'].every(isLoopbackHost)).toBe(true);
    expect(['127.0.0.1.example', 'localhost.example', '0x7f.1', '[::2]', '10.0.0.1', 'memdash'].some(isLoopbackHost)).toBe(false);
  });

  it("takes a peer as this machine's only by its socket address on loopback", () => {
    for (const peer of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1'])
      expect({ peer, loopback: isLoopbackAddress(peer) }).toEqual({ peer, loopback: true });
    for (const peer of [undefined, '', '192.0.2.2', '10.0.0.7', '::ffff:192.0.2.2', 'fe80::1', '::', '0.0.0.0', '128.0.0.1', '::2'])
      expect({ peer, loopback: isLoopbackAddress(peer) }).toEqual({ peer, loopback: false });
  });
});
