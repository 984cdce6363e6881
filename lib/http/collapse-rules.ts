// Which requests may share one answer while it is being made (see collapse.ts), and which answers may be handed to
// the requests that waited for it. Pure rules, apart from the Node request's shape.
import { createHash } from 'node:crypto';

/**
 * The reads a team opens together in an incident: a pod's page and explanation, the pod list and the Ctrl-K search,
 * the webhook's page and state, every workload and every row of the table (what /workloads and /table read once they
 * run). Nothing that streams for long (the preview, a run's events), exports, and no write.
 */
const COLLAPSIBLE_PATHS = [
  /^\/pods$/,
  /^\/pods\/[^/]+\/[^/]+$/,
  /^\/api\/pods$/,
  /^\/api\/pods\/[^/]+\/[^/]+\/explanation$/,
  /^\/webhook$/,
  /^\/api\/webhook$/,
  /^\/api\/webhook\/state$/,
  /^\/api\/workloads$/,
  /^\/api\/table$/,
];

// Headers that say nothing about what is asked: the connection's own. Every other header is part of the key, so
// two requests share an answer only when everything Next could read from them (cookies, the theme, the React
// Server Components headers, the user agent Next checks for bots, the encodings) is the same.
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'te']);

/** The key under which a request may share an answer, or null when it must be answered on its own. */
export function collapseKey(
  method: string | undefined,
  url: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): string | null {
  if (method !== 'GET' || !url) return null;
  const path = url.split('?', 1)[0]!;
  if (!COLLAPSIBLE_PATHS.some((p) => p.test(path))) return null;
  // a credential in the request is never shared, even with an identical request
  if (headers.authorization !== undefined || headers['content-length'] !== undefined) return null;
  const kept = Object.keys(headers)
    .filter((name) => !CONNECTION_HEADERS.has(name))
    .sort()
    .map((name) => [name, headers[name]]);
  // hashed: the map of answers in flight holds no cookie
  return createHash('sha256')
    .update(JSON.stringify([url, kept]))
    .digest('base64url');
}

/** Whether an answer may be handed to other requests: a whole 200 that sets no cookie and fits the bound. */
export function replayable(status: number, headers: Record<string, unknown>, complete: boolean): boolean {
  return complete && status === 200 && headers['set-cookie'] === undefined;
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
