import 'server-only';

// What memdash's watches know of each API server: when they last lost it, and when they last heard it again after
// that. A restarting API server answers before its authorizer has loaded the cluster's RBAC, and refuses memdash's
// own reads with 403 for some seconds, even once its /readyz says ready, and before memdash's watches (retrying with
// a pause that grows) have connected again (./readiness.ts). On globalThis: Next may load this module more than once.

const KEY = Symbol.for('memdash.api-server-back');
interface Seen {
  lostAt: number | null;
  backAt: number | null;
}
type WithSeen = typeof globalThis & { [KEY]?: Map<string, Seen> };

function seen(server: string): Seen {
  const all = ((globalThis as WithSeen)[KEY] ??= new Map());
  const origin = new URL(server).origin;
  let entry = all.get(origin);
  if (!entry) all.set(origin, (entry = { lostAt: null, backAt: null }));
  return entry;
}

const LOST_FOR_AT_MOST_MS = 300_000;

/** A watch of `server` (https://host:port) lost it. */
export function noteServerLost(server: string, at = Date.now()): void {
  seen(server).lostAt = at;
}

/** A watch of `server` that had lost it hears it again. */
export function noteServerBack(server: string, at = Date.now()): void {
  seen(server).backAt = at;
}

/**
 * Whether `server` is away or just back as memdash's watches see it: `lost` since a watch lost it and none has heard
 * it again, `back` for `withinMs` after one has; null otherwise.
 */
export function serverReturn(server: string, withinMs: number, now = Date.now()): { lost: number } | { back: number } | null {
  const { lostAt, backAt } = seen(server);
  // a watch stopped while lost never hears it again: after a while, a 403 is RBAC's again
  if (lostAt !== null && (backAt === null || backAt < lostAt) && now - lostAt <= LOST_FOR_AT_MOST_MS) return { lost: now - lostAt };
  if (backAt !== null && now - backAt <= withinMs) return { back: now - backAt };
  return null;
}
