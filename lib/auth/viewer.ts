import type { Rights, RightsByCluster } from '@/lib/domain/rights';
import type { Identity } from './session';

// Who is asking and what they may read travel from the before-Next gate (lib/auth/gate.ts) to the pages and routes
// in two request headers the gate alone sets: it deletes whatever a client sent under these names first, so they
// cannot be forged. The rights header is part of the shared-answer key (people with the same rights share answers);
// the identity header is not, and only what is made for one person (the header's name, the audit record) reads it.

export const RIGHTS_HEADER = 'x-memdash-rights';
export const IDENTITY_HEADER = 'x-memdash-identity';
/**
 * On a page or API about every cluster (the fleet, the search): the rights in each cluster (RightsByCluster). Part of
 * the shared-answer key like the rights header.
 */
export const RIGHTS_BY_CLUSTER_HEADER = 'x-memdash-rights-by-cluster';
/**
 * With MEMDASH_WRITE_AS_USER=on, a POST's third: the person's ID token as its cookie holds it, still sealed (only the
 * write guard opens it). Never on a GET, so no shared answer depends on it.
 */
export const WRITE_TOKEN_HEADER = 'x-memdash-write-token';
/**
 * On a POST, the client it counts against (lib/server/client-limits.ts), set before Next with the budget it spent:
 * the write guard folds one client's repeated refusals of a credential into one audit record by it.
 */
export const CLIENT_HEADER = 'x-memdash-client';
/** Beside the write token: the id of the session it came with, which the token must have been issued with. */
export const SESSION_ID_HEADER = 'x-memdash-session-id';

export function encodeHeader(value: Rights | Identity | RightsByCluster): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decoded(value: string | null | undefined): unknown {
  if (!value) return null;
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** The rights the gate set; null when it set none (a request that did not pass the gate: refuse it). */
export function rightsFromHeader(value: string | null | undefined): Rights | null {
  const v = decoded(value) as Rights | null;
  if (!v || typeof v !== 'object') return null;
  const pods = v.pods === 'all' || (Array.isArray(v.pods) && v.pods.every((n) => typeof n === 'string')) ? v.pods : null;
  if (pods === null || typeof v.table !== 'boolean' || typeof v.kyvernoLogs !== 'boolean' || typeof v.audit !== 'boolean') return null;
  return { pods, table: v.table, kyvernoLogs: v.kyvernoLogs, audit: v.audit };
}

/** The rights in each cluster the gate set on a page about every cluster; null when it set none. */
export function rightsByClusterFromHeader(value: string | null | undefined): RightsByCluster | null {
  const v = decoded(value);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const out: Record<string, Rights | null> = {};
  for (const [name, rights] of Object.entries(v)) {
    if (rights === null) out[name] = null;
    else {
      const checked = rightsFromHeader(encodeHeader(rights as Rights));
      if (!checked) return null;
      out[name] = checked;
    }
  }
  return out;
}

/** Who the gate said is signed in; null in MEMDASH_AUTH=none. */
export function identityFromHeader(value: string | null | undefined): Identity | null {
  const v = decoded(value) as Identity | null;
  if (!v || typeof v.user !== 'string' || !Array.isArray(v.groups)) return null;
  return {
    user: v.user,
    groups: v.groups.filter((g): g is string => typeof g === 'string'),
    ...(typeof v.email === 'string' ? { email: v.email } : {}),
  };
}
