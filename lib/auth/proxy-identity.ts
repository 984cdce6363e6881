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

/** A header's one value; a header sent twice is not trusted (a proxy that appends would leave the client's too). */
type HeaderOf = (name: string) => string | string[] | undefined;

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

function single(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? value[0]!.trim() : undefined;
  return value?.trim() || undefined;
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
