// The one way routes and pages learn what the person asking may read: the rights the sign-in gate put in the request
// (lib/auth/gate.ts), and the checks that refuse an answer they may not have. The caches and the answers made from
// them stay shared; each answer is cut here, or by lib/domain/rights.ts, to the person it goes to.
import { settings } from '@/lib/config';
import {
  IDENTITY_HEADER,
  identityFromHeader,
  RIGHTS_BY_CLUSTER_HEADER,
  RIGHTS_HEADER,
  rightsByClusterFromHeader,
  rightsFromHeader,
} from '@/lib/auth/viewer';
import { partFailed, type Part } from '@/lib/domain/part';
import { EVERYTHING, mayOpen, seesNamespace, type Rights, type RightsByCluster } from '@/lib/domain/rights';
import { NAVIGATION, type NavigationPage } from '@/lib/routes';
import { AppError } from '@/lib/errors';
import type { Cluster } from '@/lib/cluster/cluster';

/**
 * The asker's rights from a request's headers. Without the gate's header: everything when nobody signs in
 * (MEMDASH_AUTH=none: route handlers called directly, `next dev` before the hook), else a refusal, never a guess.
 */
export function rightsOfAsker(headers: Pick<Headers, 'get'>): Rights {
  const rights = rightsFromHeader(headers.get(RIGHTS_HEADER));
  if (rights) return rights;
  if (settings().auth === 'none') return EVERYTHING;
  throw new AppError('unauthorized', 'Sign in first: this request did not pass memdash’s sign-in');
}

/**
 * On a page or API about every cluster: the asker's rights in each, from the gate's header. The gate sets it only
 * when there is more than one cluster: with one, the rights in it (rightsOfAsker). Without either: everything in each
 * of `clusters` when nobody signs in, else a refusal.
 */
export function rightsByClusterOfAsker(headers: Pick<Headers, 'get'>, clusters: readonly string[]): RightsByCluster {
  const rights = rightsByClusterFromHeader(headers.get(RIGHTS_BY_CLUSTER_HEADER));
  if (rights) return rights;
  if (clusters.length === 1) return { [clusters[0]!]: rightsOfAsker(headers) };
  if (settings().auth === 'none') return Object.fromEntries(clusters.map((name) => [name, EVERYTHING]));
  throw new AppError('unauthorized', 'Sign in first: this request did not pass memdash’s sign-in');
}

/** The same for the page a server component renders. */
export async function rightsByClusterOfPage(clusters: readonly string[]): Promise<RightsByCluster> {
  const { headers } = await import('next/headers');
  return rightsByClusterOfAsker(await headers(), clusters);
}

/** The rights of the person a server component renders for (its request's headers). */
export async function rightsOfPage(): Promise<Rights> {
  const { headers } = await import('next/headers');
  return rightsOfAsker(await headers());
}

/**
 * The pages of the navigation this page's asker may open: those that would answer them only "Not yours to read" are
 * left out. A page rendered outside the gate (sign-in) lists them all: there is nobody to cut them to.
 */
export async function navigationOfPage(): Promise<NavigationPage[]> {
  const rights = await rightsOfPageIfAny();
  return NAVIGATION.filter((page) => mayOpen(rights, page.needs));
}

/** The namespaces this page's asker may list pods in: a page's "not found" says when one is not theirs to read. */
export async function namespacesOfPage(): Promise<Rights['pods']> {
  return (await rightsOfPageIfAny()).pods;
}

async function rightsOfPageIfAny(): Promise<Rights> {
  const { headers } = await import('next/headers');
  return rightsFromHeader((await headers()).get(RIGHTS_HEADER)) ?? EVERYTHING;
}

/**
 * Who is signed in, for what is made for that one person only (the header's name, an audit record): never read by
 * an answer that may be shared (lib/server/collapse-rules.ts leaves this header out of the key).
 */
export function personOfAsker(headers: Pick<Headers, 'get'>): string | null {
  return identityFromHeader(headers.get(IDENTITY_HEADER))?.user ?? null;
}

/**
 * A pod or workload in a namespace they may not list pods in is answered as one that does not exist: the same 404,
 * so that asking never tells whether it is there. `notFound` is the message of one that is not there.
 */
export function requireNamespace(rights: Rights, namespace: string, notFound: string): void {
  if (!seesNamespace(rights, namespace)) throw new AppError('not-found', notFound);
}

/** The table, its versions, diffs, preview and exports: for those who may get the cluster's table ConfigMap. */
export function requireTable(cluster: Pick<Cluster, 'facts'>, rights: Rights): void {
  const s = cluster.facts;
  if (!rights.table)
    throw new AppError(
      'withheld',
      `You may not get configmap ${s.tableConfigMap} in ${s.kyvernoNamespace}: the table and its history are withheld`,
    );
}

/** Kyverno's logs and the snapshot runs' (their Jobs run in Kyverno's namespace): for those who may get pods/log there. */
export function requireKyvernoLogs(cluster: Pick<Cluster, 'facts'>, rights: Rights): void {
  if (!rights.kyvernoLogs)
    throw new AppError(
      'withheld',
      `You may not get pods/log in ${cluster.facts.kyvernoNamespace}: Kyverno's and the snapshot runs' logs are withheld`,
    );
}

/**
 * The snapshot's CronJob and its runs (their Jobs run, and log, in Kyverno's namespace): for those who may get pods/log
 * there. The refusal names what is withheld first, and the right it takes after.
 */
export function requireSnapshotRuns(cluster: Pick<Cluster, 'facts'>, rights: Rights): void {
  const s = cluster.facts;
  if (!rights.kyvernoLogs)
    throw new AppError(
      'withheld',
      `The snapshot's CronJob ${s.kyvernoNamespace}/${s.snapshotCronJob} and its runs are withheld. You may not get pods/log in ${s.kyvernoNamespace}, where its Jobs run and log`,
    );
}

/** The audit log: for members of the configured audit group (MEMDASH_AUDIT_GROUP). */
export function requireAudit(rights: Rights): void {
  if (rights.audit) return;
  const group = settings().auditGroup;
  throw new AppError(
    'withheld',
    group
      ? `The audit log is for members of group ${group}, and you are not one`
      : 'The audit log is for the audit group, and none is set (MEMDASH_AUDIT_GROUP)',
  );
}

/** A panel of a page everyone signed in reads, withheld when `check` refuses: its place says why, the rest stands. */
export function withheld<T>(part: Part<T>, check: () => void): Part<T> {
  try {
    check();
    return part;
  } catch (err) {
    if (err instanceof AppError) return partFailed(err.code, err.message);
    throw err;
  }
}

/** A panel of pods of one namespace (Kyverno's own): for those who may list pods there. */
export function requirePodsIn(rights: Rights, namespace: string): void {
  if (!seesNamespace(rights, namespace)) throw new AppError('withheld', `You may not list pods in ${namespace}: its pods are withheld`);
}
