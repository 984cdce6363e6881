import 'server-only';
import type { IncomingMessage } from 'node:http';
import { settings } from '@/lib/config';
import { EVERYTHING, NOTHING, type Rights, type RightsByCluster } from '@/lib/domain/rights';
import type { Cluster } from '@/lib/cluster/cluster';
import { acrossClusters, clusterOfPath, pathInCluster } from '@/lib/cluster/paths';
import { clusters } from '@/lib/cluster/registry';
import { listNamespaceNames } from '@/lib/k8s/namespaces';
import { sharedInFlight } from '@/lib/shared-in-flight';
import { rightsOf } from '@/lib/k8s/rights';
import { openLiveSession } from './ended-sessions';
import { reservedNameProblem } from './reserved-names';
import { proxyIdentity, repeatedIdentityHeader, sentHeaders, type ProxyTrust } from './proxy-identity';
import { sessionCookie, writeCookie } from './cookies';
import { sessionKeyOf, type Identity, type Session } from './session';
import {
  CLIENT_HEADER,
  encodeHeader,
  IDENTITY_HEADER,
  RIGHTS_BY_CLUSTER_HEADER,
  RIGHTS_HEADER,
  SESSION_ID_HEADER,
  WRITE_TOKEN_HEADER,
} from './viewer';

// The sign-in gate, run in the before-Next hook on every request: who is asking (a sealed session cookie in oidc, the
// proxy's headers in proxy, nobody in none) and what they may read (lib/k8s/rights.ts). A request that passes goes on
// to Next with the gate's two headers (lib/auth/viewer.ts) and without what it came with to prove it (the session
// cookie, the proxy's headers and secret), so that what Next renders, and the key its answer is shared under,
// depends on the person's rights and nothing else of theirs. A POST (a write, or /api/access) with
// MEMDASH_WRITE_AS_USER=on also carries the person's sealed ID token, for the write guard to write as them.

export type GateOutcome =
  | { kind: 'pass' }
  /** A page asked without a session: sign in first, then come back to it. */
  | { kind: 'sign-in'; returnTo: string }
  /** A page asked with a session whose ID token has ended: renewed at the provider first (/auth/refresh), then back. */
  | { kind: 'refresh'; returnTo: string }
  /** An API route, or any request in proxy mode, without a person: 401. */
  | { kind: 'unauthorized'; message: string }
  /** An API route asked with a session whose ID token has ended: 401 `sign-in-ended`, and the page renews it. */
  | { kind: 'ended'; message: string };

/** Paths that answer without sign-in: health, metrics (its own token), sign-in itself, Next's static files. */
const OPEN = [/^\/healthz$/, /^\/readyz$/, /^\/metrics$/, /^\/auth\//, /^\/_next\/static\//, /^\/favicon\.ico$/];

export async function gate(request: IncomingMessage): Promise<GateOutcome> {
  removeGateHeaders(request);
  const path = (request.url ?? '/').split('?', 1)[0]!;
  const s = settings();
  if (s.auth === 'none') {
    if (acrossClusters(path, clusters()))
      request.headers[RIGHTS_BY_CLUSTER_HEADER] = encodeHeader(await rightsInEvery(clusters().all, null));
    return pass(request, null, EVERYTHING);
  }
  if (OPEN.some((open) => open.test(path))) return { kind: 'pass' };
  const session = s.auth === 'oidc' ? await fromSession(request) : null;
  if (session && idTokenEnded(session, Date.now())) return renewFirst(request, path);
  const who = s.auth === 'proxy' ? fromProxy(request) : session && identityOf(session);
  if (who && 'refused' in who) return { kind: 'unauthorized', message: who.refused };
  if (!who) return refused(request, path);
  const reserved = reservedNameProblem(who);
  if (reserved) return { kind: 'unauthorized', message: reserved };
  const all = clusters();
  const cluster = clusterOfPath(path, all);
  if (acrossClusters(path, all)) request.headers[RIGHTS_BY_CLUSTER_HEADER] = encodeHeader(await rightsInEvery(all.all, who));
  return pass(request, who, cluster ? await rightsIn(cluster, who) : NOTHING);
}

/**
 * The namespaces a person's rights are asked for in a cluster, listed from its API server and kept for a few seconds.
 * (Not the namespace cache: a gate that asked before it had synced would keep "no namespace" for the person's whole TTL.)
 */
const namespaceNames = sharedInFlight(
  (cluster: Cluster) => cluster.name,
  (cluster: Cluster) => listNamespaceNames(cluster),
  {
    forMs: 10_000,
    when: (names) => names.length > 0,
  },
);

const rightsIn = async (cluster: Cluster, who: Identity) => rightsOf(cluster, who, await namespaceNames(cluster));

/**
 * Their rights in every cluster, for a page about all of them (the fleet, the search): each cluster asked at once,
 * and one that does not answer within RIGHTS_ACROSS_MS is `null`, unknown, so that it never holds up the others.
 */
async function rightsInEvery(every: readonly Cluster[], who: Identity | null): Promise<RightsByCluster> {
  const answers = await Promise.all(
    every.map((cluster) => (who ? withinMs(rightsIn(cluster, who), RIGHTS_ACROSS_MS).catch(() => null) : EVERYTHING)),
  );
  return Object.fromEntries(every.map((cluster, i) => [cluster.name, answers[i] ?? null]));
}

/** How long the fleet's gate waits for a cluster's rights before it says "unknown" for that cluster. */
export const RIGHTS_ACROSS_MS = 2_000;

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, ms, null)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function pass(request: IncomingMessage, who: Identity | null, rights: Rights): GateOutcome {
  request.headers[RIGHTS_HEADER] = encodeHeader(rights);
  if (who) request.headers[IDENTITY_HEADER] = encodeHeader(who);
  return { kind: 'pass' };
}

const isPage = (request: IncomingMessage, path: string) => request.method === 'GET' && !pathInCluster(path).startsWith('/api/');

/**
 * Whether the provider's word on who this is (the ID token's claims: name, groups) has ended. Past it, nothing is
 * answered on that word, page or API, until the provider says it again: a person removed at the provider stops
 * reading when their ID token ends, not when the session does (12 h by default). A session that never had an end for
 * its ID token is as ended.
 */
const idTokenEnded = (session: Session, now: number) => session.idTokenExpiresAt === undefined || session.idTokenExpiresAt < now;

/**
 * A page goes to /auth/refresh (renewed with the refresh token, or on to sign in when there is none or the provider
 * refuses); anything else gets a 401 whose code the page's fetch helpers (lib/client/query.ts) answer by going there.
 */
function renewFirst(request: IncomingMessage, path: string): GateOutcome {
  if (isPage(request, path)) return { kind: 'refresh', returnTo: request.url ?? '/' };
  return { kind: 'ended', message: "Your sign-in's ID token has ended: reload the page (memdash renews your sign-in) or sign in again" };
}

const identityOf = (session: Session): Identity => ({
  user: session.user,
  groups: session.groups,
  ...(session.email ? { email: session.email } : {}),
});

function refused(request: IncomingMessage, path: string): GateOutcome {
  if (settings().auth === 'oidc' && isPage(request, path)) return { kind: 'sign-in', returnTo: request.url ?? '/' };
  return {
    kind: 'unauthorized',
    message:
      settings().auth === 'oidc'
        ? 'Sign in first: this memdash answers only people signed in (/auth/sign-in)'
        : 'memdash is behind an authenticating proxy, and this request did not come through it naming someone',
  };
}

/** The gate's own headers as a client sent them are never believed; nor are a proxy's, past this point. */
function removeGateHeaders(request: IncomingMessage): void {
  delete request.headers[RIGHTS_HEADER];
  delete request.headers[RIGHTS_BY_CLUSTER_HEADER];
  delete request.headers[IDENTITY_HEADER];
  delete request.headers[WRITE_TOKEN_HEADER];
  delete request.headers[CLIENT_HEADER];
  delete request.headers[SESSION_ID_HEADER];
}

function proxyTrust(): ProxyTrust {
  const s = settings();
  return {
    secret: s.proxySecret,
    secretHeader: s.proxySecretHeader,
    addresses: s.proxyAddresses,
    userHeader: s.proxyUserHeader,
    emailHeader: s.proxyEmailHeader,
    groupsHeader: s.proxyGroupsHeader,
  };
}

/** The person the proxy names, nobody, or a refusal: an identity header sent twice (counted as sent, not as joined). */
function fromProxy(request: IncomingMessage): Identity | { refused: string } | null {
  const trust = proxyTrust();
  const header = sentHeaders(request.rawHeaders);
  const repeated = repeatedIdentityHeader(header, trust);
  const who = repeated ? null : proxyIdentity(header, request.socket.remoteAddress, trust);
  for (const name of [trust.secretHeader, trust.userHeader, trust.emailHeader, trust.groupsHeader]) delete request.headers[name];
  if (repeated)
    return {
      refused:
        `The header ${repeated} came more than once: memdash takes one of each identity header, and refuses a request ` +
        'with two (a proxy that adds its own to the one the client sent must replace it instead)',
    };
  return who;
}

async function fromSession(request: IncomingMessage): Promise<Session | null> {
  const s = settings();
  const session = takeCookieOut(request, sessionCookie());
  const token = takeCookieOut(request, writeCookie());
  const opened = await openLiveSession(session, sessionKeyOf(s.sessionKey!), new Date());
  if (opened && token && s.writeAsUser === 'on' && request.method === 'POST') {
    request.headers[WRITE_TOKEN_HEADER] = token;
    request.headers[SESSION_ID_HEADER] = opened.sid;
  }
  return opened;
}

/** One cookie's value, taken out of the request's Cookie header. */
function takeCookieOut(request: IncomingMessage, name: string): string | undefined {
  const { value, rest } = takeCookie(request.headers.cookie, name);
  if (rest === null) delete request.headers.cookie;
  else request.headers.cookie = rest;
  return value;
}

/** One cookie's value, and the Cookie header without it (null when nothing is left). */
export function takeCookie(header: string | undefined, name: string): { value: string | undefined; rest: string | null } {
  let value: string | undefined;
  const rest = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => {
      if (!part.startsWith(`${name}=`)) return part !== '';
      value ??= part.slice(name.length + 1);
      return false;
    });
  return { value, rest: rest.length ? rest.join('; ') : null };
}
