import type { Rights } from '@/lib/domain/rights';
import type { Identity } from './session';

// Who is asking and what they may read travel from the before-Next gate (lib/auth/gate.ts) to the pages and routes
// in two request headers the gate alone sets: it deletes whatever a client sent under these names first, so they
// cannot be forged. The rights header is part of the shared-answer key (people with the same rights share answers);
// the identity header is not, and only what is made for one person (the header's name, the audit record) reads it.

export const RIGHTS_HEADER = 'x-memdash-rights';
export const IDENTITY_HEADER = 'x-memdash-identity';
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

export function encodeHeader(value: Rights | Identity): string {
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
