// What one signed-in person may read, as the cluster's RBAC answered for them, and the rules that cut an answer to
// it. memdash reads with its own credential into shared caches; every answer is then cut to the person asking.

import type { Part } from './part';

export interface Rights {
  /** Namespaces where they may list pods: every one, or these. */
  pods: 'all' | readonly string[];
  /** They may get the table ConfigMap: the table, its versions, diffs, preview and exports. */
  table: boolean;
  /** They may get pods/log in Kyverno's namespace: Kyverno's and the snapshot runs' logs. */
  kyvernoLogs: boolean;
  /** They are in the audit group: the audit log. */
  audit: boolean;
}

/** Anyone, when nobody signs in (MEMDASH_AUTH=none): today's behaviour. */
export const EVERYTHING: Rights = Object.freeze({ pods: 'all', table: true, kyvernoLogs: true, audit: true });

/** Nobody's: a cluster memdash does not read, or one whose API server said no to everything. */
export const NOTHING: Rights = Object.freeze({ pods: Object.freeze([]), table: false, kyvernoLogs: false, audit: false });

/**
 * A person's rights in each cluster, for a page about all of them (the fleet, the search): null where the cluster's
 * API server did not answer in time, so their rights there are unknown.
 */
export type RightsByCluster = Readonly<Record<string, Rights | null>>;

/**
 * Whether a cluster is theirs to see at all: one where they may list no pods and read neither the table nor Kyverno's
 * logs is left out everywhere (the fleet, the search, any count), as if memdash did not read it.
 */
export function seesCluster(rights: Rights | null): boolean {
  return rights !== null && (rights.pods === 'all' || rights.pods.length > 0 || rights.table || rights.kyvernoLogs);
}

export function seesNamespace(rights: Rights, namespace: string): boolean {
  return rights.pods === 'all' || rights.pods.includes(namespace);
}

/** The items of the namespaces they may see: a list, a search, a count is of what they see. */
export function visible<T>(rights: Rights, items: readonly T[], namespaceOf: (item: T) => string): T[] {
  if (rights.pods === 'all') return [...items];
  const seen = new Set(rights.pods);
  return items.filter((item) => seen.has(namespaceOf(item)));
}

/**
 * The key an answer is shared under: the same for everyone with the same rights, so a team opening one page still
 * shares one answer, and never the same for two people who may see different things.
 */
export function rightsKey(rights: Rights): string {
  const pods = rights.pods === 'all' ? '*' : [...rights.pods].sort().join(',');
  return `${pods}|${rights.table ? 't' : ''}${rights.kyvernoLogs ? 'l' : ''}${rights.audit ? 'a' : ''}`;
}

/** Namespace names cut to those they see, and how many others there are: counted, never named. */
export function visibleNamespaces(rights: Rights, names: readonly string[]): { names: string[]; unread: number } {
  const shown = visible(rights, names, (name) => name);
  return { names: shown, unread: names.length - shown.length };
}

/** A part's items cut to what they see (visible); a failed part stays as it is: its message names no item. */
export function visiblePart<T>(rights: Rights, part: Part<readonly T[]>, namespaceOf: (item: T) => string): Part<T[]> {
  return part.ok ? { ok: true, value: visible(rights, part.value, namespaceOf) } : part;
}

/** What a page needs of the rights to show anything: nothing more than a sign-in when none is named. */
export type PageNeed = 'pods' | 'table' | 'kyvernoLogs' | 'audit';

/** Whether a page would show them more than "Not yours to read": the navigation leaves out those it would not. */
export function mayOpen(rights: Rights, need: PageNeed | undefined): boolean {
  if (!need) return true;
  if (need === 'pods') return rights.pods === 'all' || rights.pods.length > 0;
  return rights[need];
}

/** Whether what they see is a part of the cluster: their lists and sums are then of the namespaces they may read. */
export function seesPart(rights: Rights): boolean {
  return rights.pods !== 'all';
}
