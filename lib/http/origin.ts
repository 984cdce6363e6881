// Which requests memdash answers at all, and which may make it act. A browser sends Host and Origin as the page's
// address says; a DNS-rebound name (evil.example resolving to 127.0.0.1) gets a Host memdash does not know, and a page
// of another site gets an Origin that is not memdash's own. X-Forwarded-* are anyone's to send, so they count only
// when MEMDASH_TRUST_PROXY says a proxy in front sets them.
import { settings } from '@/lib/config';
import { AppError } from '@/lib/errors';

/** What is read of a request's headers: a fetch Request's Headers, or Node's request before Next (before-next.ts). */
export type HeaderReader = Pick<Headers, 'get'>;

export interface OriginPolicy {
  /** host:port entries (or a bare host: any port) memdash answers, lower-cased. */
  allowedHosts: readonly string[];
  trustProxy: boolean;
}

/** An origin as compared: scheme, host name and port, all explicit. */
interface Origin {
  scheme: 'http' | 'https';
  host: string;
  port: number;
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** The policy of this process: the setting, or the loopback names on the port Next listens on (it sets PORT). */
export function originPolicy(env: Record<string, string | undefined> = process.env): OriginPolicy {
  const s = settings();
  const port = env.PORT || '3000';
  return { allowedHosts: s.allowedHosts ?? LOOPBACK.map((h) => `${h}:${port}`), trustProxy: s.trustProxy === 'on' };
}

function first(value: string | null): string | null {
  const v = value?.split(',')[0]?.trim();
  return v ? v : null;
}

/** The scheme and Host the client addressed: the proxy's forwarded ones only when it is trusted. */
function addressed(headers: HeaderReader, policy: OriginPolicy): { scheme: string; host: string | null } {
  const forwarded = policy.trustProxy;
  const scheme = (forwarded && first(headers.get('x-forwarded-proto'))) || 'http';
  const host = (forwarded && first(headers.get('x-forwarded-host'))) || headers.get('host');
  return { scheme: scheme.toLowerCase(), host: host?.trim().toLowerCase() ?? null };
}

const DEFAULT_PORT = { http: 80, https: 443 } as const;

// host[:port] as a Host header or an origin writes it: a DNS name, an IPv4 address or a bracketed IPv6 address.
// Compared as written (never normalised: 0x7f.1 is not 127.0.0.1 here), so an entry matches only itself.
const HOST_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*)(?::(?<port>\d{1,5}))?$/;

function originOf(scheme: string, host: string): Origin | null {
  if (scheme !== 'http' && scheme !== 'https') return null;
  const match = HOST_PORT.exec(host);
  if (!match?.[1]) return null;
  const written = match.groups?.port;
  const port = written === undefined ? DEFAULT_PORT[scheme] : Number(written);
  return port > 0 && port < 65536 ? { scheme, host: match[1], port } : null;
}

function allowed(origin: Origin, policy: OriginPolicy): boolean {
  return policy.allowedHosts.some((entry) => {
    const colon = entry.lastIndexOf(':');
    const bare = colon < 0 || entry.endsWith(']');
    const host = bare ? entry : entry.slice(0, colon);
    return host === origin.host && (bare || Number(entry.slice(colon + 1)) === origin.port);
  });
}

/** The origin this request was addressed to, or an AppError (421) when memdash does not answer that Host. */
export function hostProblem(headers: HeaderReader, policy: OriginPolicy = originPolicy()): AppError | null {
  const { scheme, host } = addressed(headers, policy);
  const origin = host ? originOf(scheme, host) : null;
  if (origin && allowed(origin, policy)) return null;
  return new AppError(
    'misdirected',
    `memdash does not answer the host ${JSON.stringify(host ?? '')}: it answers ${policy.allowedHosts.join(', ')} (MEMDASH_ALLOWED_HOSTS)`,
  );
}

/**
 * Throws a 403 unless the request comes from a page memdash served itself: an allowed Host, and an Origin with the
 * same scheme, host and port. A browser's Sec-Fetch-Site, when sent, must say same-origin. The one guard every route
 * that acts on the cluster or the history passes first.
 */
export function assertSameOrigin(request: Request, policy: OriginPolicy = originPolicy()): void {
  const refuse = (why: string) => new AppError('forbidden', `This action only answers memdash's own pages: ${why}`);
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') throw refuse(`the browser says the request is ${site} (Sec-Fetch-Site)`);
  const misdirected = hostProblem(request.headers, policy);
  if (misdirected) throw refuse(misdirected.message);
  const { scheme, host } = addressed(request.headers, policy);
  const own = originOf(scheme, host!)!;
  const header = request.headers.get('origin');
  let from: Origin | null = null;
  try {
    // An origin is exactly scheme://host[:port], as browsers send it; anything else is refused, not repaired.
    const url = header && header !== 'null' ? new URL(header) : null;
    from = url && url.origin === header ? originOf(url.protocol.slice(0, -1), url.host.toLowerCase()) : null;
  } catch {
    from = null;
  }
  if (!from) throw refuse(`Origin ${header === null ? 'missing' : JSON.stringify(header)}`);
  if (from.scheme !== own.scheme || from.host !== own.host || from.port !== own.port) {
    throw refuse(`Origin ${header} is not ${own.scheme}://${host}`);
  }
}
