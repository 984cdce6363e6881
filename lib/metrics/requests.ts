import 'server-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestDuration } from './metrics';

// Every request's time, labelled with the route as app/ names it (/pods/[ns]/[pod]), never the path itself: a path
// holds names from the cluster and anyone's typing, which would make a new series per pod or per typo.

interface RoutePattern {
  route: string;
  match: RegExp;
}

let patterns: RoutePattern[] | null = null;

/** The app's routes from the manifest `next build` writes; more specific (fewer dynamic segments) first. */
export function routePatterns(manifest: Record<string, string>): RoutePattern[] {
  return [...new Set(Object.values(manifest))]
    .map((route) => ({ route, match: new RegExp(`^${route.split('/').map(segmentPattern).join('/')}/?$`) }))
    .sort((a, b) => dynamicCount(a.route) - dynamicCount(b.route) || b.route.length - a.route.length);
}

function segmentPattern(segment: string): string {
  if (/^\[\[\.\.\..+\]\]$/.test(segment)) return '.*';
  if (/^\[\.\.\..+\]$/.test(segment)) return '.+';
  if (/^\[.+\]$/.test(segment)) return '[^/]+';
  return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const dynamicCount = (route: string) => route.split('[').length - 1;

/** The route a path belongs to: an app route, Next's static files, or "unmatched" (a 404 of any shape). */
export function routeOf(path: string, known: RoutePattern[]): string {
  if (path.startsWith('/_next/')) return '/_next';
  return known.find((p) => p.match.test(path))?.route ?? 'unmatched';
}

function loadPatterns(): RoutePattern[] {
  try {
    const file = join(process.cwd(), '.next', 'app-path-routes-manifest.json');
    return routePatterns(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  } catch {
    return []; // `next dev` before its first compile: every request counts as unmatched until the next start
  }
}

/** Starts the clock on a request the Node server hands over; observed when the answer is sent or the client leaves. */
export function timeRequest(request: IncomingMessage, response: ServerResponse): void {
  const started = process.hrtime.bigint();
  response.once('close', () => {
    patterns ??= loadPatterns();
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    requestDuration.observe({ route: routeOf(path, patterns), method: request.method ?? '', status: String(response.statusCode) }, seconds);
  });
}
