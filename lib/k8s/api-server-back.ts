import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';

// What memdash's watches know of each cluster's API server: when they last lost it, and when they last heard it again
// after that. A restarting API server answers before its authorizer has loaded the cluster's RBAC, and refuses
// memdash's own reads with 403 for some seconds, even once its /readyz says ready, and before memdash's watches
// (retrying with a pause that grows) have connected again (./readiness.ts).
//
// Per cluster: kept per read credential (each cluster's own KubeConfig, which its watches use), then per server. A
// watch of one cluster that loses the server (or is refused by it: a credential it no longer takes) says nothing of
// another cluster's calls, even at the same address. A write's credential, made for one request, sees what its
// cluster's watches saw (writesTo). On globalThis: Next may load this module more than once.

const KEY = Symbol.for('memdash.api-server-back');
interface Seen {
  lostAt: number | null;
  backAt: number | null;
}
interface State {
  byCredential: WeakMap<KubeConfig, Map<string, Seen>>;
  /** A write's credential → the read credential of the cluster it writes to. */
  readOf: WeakMap<KubeConfig, KubeConfig>;
}
type WithSeen = typeof globalThis & { [KEY]?: State };

function state(): State {
  return ((globalThis as WithSeen)[KEY] ??= { byCredential: new WeakMap(), readOf: new WeakMap() });
}

function seen(kc: KubeConfig, server: string): Seen {
  const { byCredential, readOf } = state();
  const read = readOf.get(kc) ?? kc;
  let servers = byCredential.get(read);
  if (!servers) byCredential.set(read, (servers = new Map()));
  const origin = new URL(server).origin;
  let entry = servers.get(origin);
  if (!entry) servers.set(origin, (entry = { lostAt: null, backAt: null }));
  return entry;
}

const LOST_FOR_AT_MOST_MS = 300_000;

/** `write`, a write's credential, acts on the cluster whose read credential is `read`: it sees what its watches saw. */
export function writesTo(write: KubeConfig, read: KubeConfig): void {
  state().readOf.set(write, read);
}

/** A watch with `kc` of `server` (https://host:port) lost it. */
export function noteServerLost(kc: KubeConfig, server: string, at = Date.now()): void {
  seen(kc, server).lostAt = at;
}

/** A watch with `kc` of `server` that had lost it hears it again. */
export function noteServerBack(kc: KubeConfig, server: string, at = Date.now()): void {
  seen(kc, server).backAt = at;
}

/**
 * Whether `server` is away or just back as the watches of `kc`'s cluster see it: `lost` since a watch lost it and
 * none has heard it again, `back` for `withinMs` after one has; null otherwise.
 */
export function serverReturn(
  kc: KubeConfig,
  server: string,
  withinMs: number,
  now = Date.now(),
): { lost: number } | { back: number } | null {
  const { lostAt, backAt } = seen(kc, server);
  // a watch stopped while lost never hears it again: after a while, a 403 is RBAC's again
  if (lostAt !== null && (backAt === null || backAt < lostAt) && now - lostAt <= LOST_FOR_AT_MOST_MS) return { lost: now - lostAt };
  if (backAt !== null && now - backAt <= withinMs) return { back: now - backAt };
  return null;
}
