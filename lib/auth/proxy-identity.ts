import { timingSafeEqual } from 'node:crypto';
import type { Identity } from './session';

// MEMDASH_AUTH=proxy: an authenticating proxy in front (oauth2-proxy, an Ingress's auth-url) signs people in and
// names them in headers. Anyone can send those headers, so they count only on a request the proxy sent: one that
// carries the proxy's shared secret, or comes from one of the proxy's addresses (as Grafana's auth proxy does).
// From anyone else they are ignored, and the request is as if nobody were signed in.

export interface ProxyTrust {
  secret?: string;
  secretHeader: string;
  addresses?: readonly string[];
  userHeader: string;
  emailHeader: string;
  groupsHeader: string;
}

/** Every value a header was sent with, in order: one per time it appears in the request. */
export type HeaderOf = (name: string) => readonly string[];

/**
 * A request's headers as sent, from Node's `rawHeaders` (name, value, name, value, …). Its `headers` object joins
 * a repeated header into one string ("a, b" for most), so there a header sent twice looks like one sent once.
 */
export function sentHeaders(rawHeaders: readonly string[]): HeaderOf {
  const sent = new Map<string, string[]>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    sent.set(name, [...(sent.get(name) ?? []), rawHeaders[i + 1]!]);
  }
  return (name) => sent.get(name.toLowerCase()) ?? [];
}

/**
 * The first identity header (user, email, groups, the secret) sent more than once, or null. A proxy that appends its
 * header to the client's rather than replacing it passes the client's own on too: which one is the proxy's cannot be
 * told, so such a request is refused rather than read either way.
 */
export function repeatedIdentityHeader(header: HeaderOf, trust: ProxyTrust): string | null {
  const names = [trust.userHeader, trust.emailHeader, trust.groupsHeader, trust.secretHeader];
  return names.find((name) => header(name).length > 1) ?? null;
}

/** The person the proxy names, or null when it names nobody or the request is not the proxy's. */
export function proxyIdentity(header: HeaderOf, peerAddress: string | undefined, trust: ProxyTrust): Identity | null {
  if (!fromProxy(header, peerAddress, trust)) return null;
  const user = single(header(trust.userHeader));
  if (!user || user.length > 512) return null;
  const email = single(header(trust.emailHeader));
  const groups = (single(header(trust.groupsHeader)) ?? '')
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g && g.length <= 512)
    .slice(0, 200);
  return { user, groups, ...(email && email.length <= 512 ? { email } : {}) };
}

function fromProxy(header: HeaderOf, peerAddress: string | undefined, trust: ProxyTrust): boolean {
  if (trust.secret) {
    const sent = single(header(trust.secretHeader));
    if (sent !== undefined && sameSecret(sent, trust.secret)) return true;
  }
  return peerAddress !== undefined && (trust.addresses ?? []).includes(unmapped(peerAddress));
}

/** A header's one value; one sent twice is not trusted (repeatedIdentityHeader says so first). */
function single(values: readonly string[]): string | undefined {
  return values.length === 1 ? values[0]!.trim() || undefined : undefined;
}

function sameSecret(sent: string, secret: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

// Node names an IPv4 peer of a dual-stack socket ::ffff:10.0.0.5
function unmapped(address: string): string {
  return address.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}
