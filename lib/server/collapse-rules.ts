// Which requests may share one answer while it is being made (see collapse.ts), and which answers may be handed to
// the requests that waited for it. Pure rules, apart from the Node request's shape.
import { createHash } from 'node:crypto';
import { IDENTITY_HEADER } from '@/lib/auth/viewer';
import { pathInCluster } from '@/lib/cluster/paths';

/**
 * The reads a team opens together in an incident: a pod's page and explanation, the pod list and the Ctrl-K search (in every cluster:
 * the rights in each are in the key, as the gate's header),
 * the webhook's page, state (every page's header asks it) and log tails, every workload and every row of the table
 * (what /workloads and /table read once they run), the snapshot's recent runs. Nothing that streams for long (the
 * preview, a run's events), exports, and no write. Each with the query parameters it reads: any other parameter changes nothing in the answer, so it is
 * left out of the key (a `?r=1`, `?r=2`… would otherwise make the answer again for each).
 */
const COLLAPSIBLE: ReadonlyArray<{ path: RegExp; params: readonly string[] }> = [
  { path: /^\/pods$/, params: ['namespace', 'name', 'verdict', 'limit'] },
  { path: /^\/pods\/[^/]+\/[^/]+$/, params: [] },
  { path: /^\/api\/pods$/, params: ['namespace', 'name', 'limit'] },
  { path: /^\/api\/search$/, params: ['namespace', 'name', 'limit'] },
  { path: /^\/api\/pods\/[^/]+\/[^/]+\/explanation$/, params: [] },
  { path: /^\/webhook$/, params: [] },
  { path: /^\/api\/webhook$/, params: [] },
  { path: /^\/api\/webhook\/state$/, params: [] },
  { path: /^\/api\/webhook\/logs$/, params: [] },
  { path: /^\/api\/workloads$/, params: [] },
  { path: /^\/api\/table$/, params: [] },
  { path: /^\/api\/snapshot\/runs$/, params: [] },
];

// Headers that say nothing about what is asked: the connection's own. Every other header is part of the key, so
// two requests share an answer only when everything Next could read from them (cookies, the theme, the React
// Server Components headers, the user agent Next checks for bots, the encodings) is the same. (Next's `_rsc` query
// parameter only busts caches: what it stands for is in those headers.)
//
// Nor the signed-in person's identity (the gate's header): what they may read is in the rights header, which is in
// the key, so a team with the same rights shares one answer and two people who may see different things never do.
// Nothing a shared page or route renders may read the identity header (lib/auth/viewer.ts).
const NOT_IN_KEY = new Set(['connection', 'keep-alive', 'te', IDENTITY_HEADER]);

/** The key under which a request may share an answer, or null when it must be answered on its own. */
export function collapseKey(
  method: string | undefined,
  url: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): string | null {
  if (method !== 'GET' || !url) return null;
  const asked = askedOf(url);
  if (asked === null) return null;
  // a credential in the request is never shared, even with an identical request
  if (headers.authorization !== undefined || headers['content-length'] !== undefined) return null;
  const kept = Object.keys(headers)
    .filter((name) => !NOT_IN_KEY.has(name))
    .sort()
    .map((name) => [name, headers[name]]);
  // hashed: the map of answers in flight holds no cookie
  return createHash('sha256')
    .update(JSON.stringify([asked, kept]))
    .digest('base64url');
}

/**
 * What a collapsible read asks: its path and the parameters its page or route reads, each once, in one order; null
 * when it is not collapsible, or names a parameter twice (its readers do not agree on which value counts).
 */
export function askedOf(url: string): string | null {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  // the same read in every cluster; the key keeps the whole path, so two clusters never share an answer
  const read = COLLAPSIBLE.find((c) => c.path.test(pathInCluster(path)));
  if (!read) return null;
  const search = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
  const params: string[][] = [];
  for (const name of read.params) {
    const values = search.getAll(name);
    if (values.length > 1) return null;
    if (values.length === 1) params.push([name, values[0]!]);
  }
  return params.length === 0 ? path : `${path}?${new URLSearchParams(params).toString()}`;
}

/**
 * Whether an answer may be handed to other requests: a whole 200 or 404 that sets no cookie. A 404 (a pod that is not
 * there, or in a namespace the asker may not list, which answers the same) follows from the URL and the rights in the
 * key as a 200 does: made for each request instead, a team without the rights to a pod linked in an incident would
 * have it made fifty times. Not another error: a 5xx or a 429 tells of one moment or one client.
 */
export function replayable(status: number, headers: Record<string, unknown>, complete: boolean): boolean {
  return complete && (status === 200 || status === 404) && headers['set-cookie'] === undefined;
}

/** The most an answer kept for the requests waiting on it may take; a larger one is made again for each of them. */
export const MAX_COLLAPSED_BYTES = 4 * 1024 * 1024;

/**
 * Whether a request asks for an answer made for it, not one kept from a moment ago (HTTP's request directives): a
 * browser's reload sends `Cache-Control: max-age=0`, a hard reload `no-cache`, so a person who reloads always gets
 * the cluster as it is now. It may still wait for an identical answer being made.
 */
export function wantsFresh(headers: Record<string, string | string[] | undefined>): boolean {
  const directives = [headers['cache-control'], headers.pragma]
    .flat()
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .map((d) => d.toLowerCase().replace(/\s+/g, ''));
  return directives.some((d) => d === 'no-cache' || d === 'no-store' || /^max-age=0+$/.test(d));
}
