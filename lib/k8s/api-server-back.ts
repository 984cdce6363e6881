import 'server-only';

// When each API server was last heard again after memdash's watches had lost it: a restarted API server answers
// before its authorizer has loaded the cluster's RBAC, and refuses memdash's own reads with 403 for some seconds, even
// once its /readyz says ready (./readiness.ts). On globalThis: Next may load this module more than once in one server.

const KEY = Symbol.for('memdash.api-server-back');
type WithBack = typeof globalThis & { [KEY]?: Map<string, number> };

const backAt = (): Map<string, number> => ((globalThis as WithBack)[KEY] ??= new Map());

/** A watch of `server` (its origin, https://host:port) lost it, and it answers again. */
export function noteServerBack(server: string, at = Date.now()): void {
  backAt().set(new URL(server).origin, at);
}

/** Whether `server` came back within the last `ms`: how long ago, in ms, or null. */
export function serverBackWithin(server: string, ms: number, now = Date.now()): number | null {
  const at = backAt().get(new URL(server).origin);
  return at !== undefined && now - at <= ms ? now - at : null;
}
