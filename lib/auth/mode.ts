// Which sign-in a set of settings asks for, and what it lacks. Pure, and without '@/' imports: lib/config.ts calls it
// while next.config.mjs loads the settings through Node's type stripping.

export type AuthMode = 'oidc' | 'proxy' | 'none';

export interface AuthSettings {
  auth: AuthMode;
  authNoneOnNetwork: 'on' | 'off';
  allowedHosts?: readonly string[];
  oidcIssuer?: string;
  publicUrl?: string;
  oidcClientId?: string;
  oidcClientSecret?: string;
  sessionKey?: string;
  writeAsUser?: 'on' | 'off';
  proxySecret?: string;
  proxyAddresses?: readonly string[];
}

/** A host memdash may answer without sign-in: one only this machine can reach. */
export function isLoopbackHost(hostPort: string): boolean {
  const host = hostPort.startsWith('[') ? hostPort.slice(0, hostPort.indexOf(']') + 1) : hostPort.split(':')[0]!;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * A peer address (a socket's remoteAddress) on this machine's loopback: 127.0.0.0/8, ::1, or 127.x as IPv6 writes an
 * IPv4 peer on a dual-stack socket (::ffff:127.0.0.1). Anything else, or no address at all, is not.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** What stops these settings from starting, each naming the variables to set (never a value). */
export function authProblems(s: AuthSettings): string[] {
  // only memdash's own sign-in holds the person's ID token: a proxy's headers carry no credential
  const writes =
    s.writeAsUser === 'on' && s.auth !== 'oidc'
      ? [`MEMDASH_WRITE_AS_USER: on only with MEMDASH_AUTH=oidc (memdash holds a person's ID token only when it signs them in); set it off`]
      : [];
  return [...writes, ...modeProblems(s)];
}

function modeProblems(s: AuthSettings): string[] {
  if (s.auth === 'oidc') {
    const missing = [
      ['MEMDASH_OIDC_ISSUER', s.oidcIssuer],
      ['MEMDASH_OIDC_CLIENT_ID', s.oidcClientId],
      ['MEMDASH_PUBLIC_URL', s.publicUrl],
      ['MEMDASH_OIDC_CLIENT_SECRET', s.oidcClientSecret],
      ['MEMDASH_SESSION_KEY', s.sessionKey],
    ].filter(([, value]) => !value);
    return missing.map(([variable]) => `${variable}: must be set when MEMDASH_AUTH=oidc`);
  }
  if (s.auth === 'proxy') {
    if (s.proxySecret || s.proxyAddresses?.length) return [];
    return [
      'MEMDASH_PROXY_SECRET or MEMDASH_PROXY_ADDRESSES: one must be set when MEMDASH_AUTH=proxy, or anyone could send the identity headers',
    ];
  }
  const reachable = (s.allowedHosts ?? []).filter((host) => !isLoopbackHost(host));
  if (reachable.length === 0 || s.authNoneOnNetwork === 'on') return [];
  return [
    `MEMDASH_AUTH: none lets everyone who reaches ${reachable.join(', ')} read every page; choose oidc or proxy, ` +
      'allow only loopback hosts (MEMDASH_ALLOWED_HOSTS), or set MEMDASH_AUTH_NONE_ON_NETWORK=on if that is meant',
  ];
}
