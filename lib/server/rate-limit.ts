// What one client may have memdash do for it: a budget per client, given back evenly over a window (a token bucket).
// Pure: the clock is given, and it holds at most a bounded number of clients.
import { pathInCluster } from '@/lib/cluster/paths';

/** `perWindow` requests per `windowMs`, at most `perWindow` at once; 0 is no limit. */
export interface Allowance {
  perWindow: number;
  windowMs: number;
}

export type Taken = { ok: true } | { ok: false; retryAfterMs: number };

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  /** In the order they were last used: the first is the one idle longest. */
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly allowance: () => Allowance,
    private readonly now: () => number,
    private readonly maxClients = 10_000,
  ) {}

  /** Takes one request from `client`'s budget, or says how long until it has one again. */
  take(client: string): Taken {
    const { perWindow, windowMs } = this.allowance();
    if (perWindow <= 0) return { ok: true };
    const now = this.now();
    const perMs = perWindow / windowMs;
    const old = this.buckets.get(client);
    const tokens = old ? Math.min(perWindow, old.tokens + (now - old.at) * perMs) : perWindow;
    this.buckets.delete(client);
    if (tokens < 1) {
      this.buckets.set(client, { tokens, at: now });
      return { ok: false, retryAfterMs: Math.ceil((1 - tokens) / perMs) };
    }
    this.buckets.set(client, { tokens: tokens - 1, at: now });
    // A client idle longest is forgotten first: it would have its budget back soonest.
    if (this.buckets.size > this.maxClients) this.buckets.delete(this.buckets.keys().next().value!);
    return { ok: true };
  }

  get clients(): number {
    return this.buckets.size;
  }
}

/**
 * The client a request counts against: the address it came from, or behind a trusted proxy the address that proxy
 * saw (the last X-Forwarded-For entry: the one it appended; the entries before it are the client's to write).
 */
export function clientOf(remoteAddress: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: boolean): string {
  const forwarded = trustProxy ? [forwardedFor].flat().join(',').split(',').at(-1)?.trim() : undefined;
  const address = forwarded || remoteAddress || 'unknown';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/** A Retry-After value: whole seconds, at least 1. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

export type Budget = 'reads' | 'access' | 'writes';

/** Which budget a request spends, when it is made for its client: every read, each access check, each other POST. */
export function budgetOf(method: string | undefined, url: string | undefined): Budget | null {
  const path = pathInCluster((url ?? '/').split('?', 1)[0]!);
  // the probe is polled by every page's header and has its own interval, shared by everyone (lib/k8s/probe.ts)
  if (method === 'POST') return path === '/api/access' ? 'access' : path === '/api/webhook/probe' ? null : 'writes';
  if (method !== 'GET' && method !== 'HEAD') return null;
  // health, metrics and Next's files are never limited: a probe or a scrape refused would restart or blind memdash
  return UNLIMITED.test(path) ? null : 'reads';
}

const UNLIMITED = /^\/(_next\/|healthz$|readyz$|metrics$|favicon\.(ico|svg)$)/;
