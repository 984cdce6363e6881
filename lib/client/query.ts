// React Query's keys, fetcher and retry rule, in one place so every client component shares them.
import { AppError, appErrorFromBody } from '@/lib/errors';
import { writeRequestInit, type WriteCredential } from '@/lib/write-credential';

// Every key about a cluster starts with its name (as Headlamp's do): two clusters' answers are never one entry.
export const queryKeys = {
  /** /readyz: the server's, not one cluster's. */
  ready: () => ['ready'] as const,
  /** Who is signed in: one person's, never shared, the same in every cluster. */
  viewer: () => ['viewer'] as const,
  /** Every cluster's row (`/`, with more than one cluster). */
  fleet: () => ['fleet'] as const,
  table: {
    rows: (cluster: string) => [cluster, 'table', 'rows'] as const,
    confidence: (cluster: string) => [cluster, 'table', 'confidence'] as const,
  },
  workloads: {
    all: (cluster: string) => [cluster, 'workloads', 'all'] as const,
    memory: (cluster: string, namespace: string, workload: string, range?: string) =>
      [cluster, 'workloads', 'memory', namespace, workload, range ?? null] as const,
    across: (cluster: string, namespace: string, workload: string) => [cluster, 'workloads', 'across', namespace, workload] as const,
  },
  pods: {
    all: (cluster: string) => [cluster, 'pods'] as const,
    search: (cluster: string, namespace: string, name: string) => [cluster, 'pods', 'search', namespace, name] as const,
  },
  /** The Ctrl/Cmd-K search in every cluster: the same answer on every cluster's pages (its order is the page's). */
  search: (namespace: string, name: string) => ['every-cluster', 'search', namespace, name] as const,
  /** Keyed by the credential's generation (a counter bumped on every change), never by the credential itself. */
  access: (cluster: string, generation: number, checks: string) => [cluster, 'access', generation, checks] as const,
  snapshot: {
    runs: (cluster: string) => [cluster, 'snapshot', 'runs'] as const,
    run: (cluster: string, job: string) => [cluster, 'snapshot', 'runs', job] as const,
  },
  breakGlass: {
    state: (cluster: string) => [cluster, 'break-glass'] as const,
    drill: (cluster: string) => [cluster, 'break-glass', 'drill'] as const,
    podsCreated: (cluster: string, since: string) => [cluster, 'break-glass', 'pods-created', since] as const,
  },
  lifecycle: (cluster: string) => [cluster, 'lifecycle'] as const,
  webhook: {
    health: (cluster: string) => [cluster, 'webhook', 'health'] as const,
    state: (cluster: string) => [cluster, 'webhook', 'state'] as const,
    logs: (cluster: string) => [cluster, 'webhook', 'logs'] as const,
    probe: (cluster: string) => [cluster, 'webhook', 'probe'] as const,
  },
} as const;

/** GETs a memdash route and returns its JSON, or throws the AppError the route answered with. */
export async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw renewedIfEnded(appErrorFromBody(response.status, body));
  return body as T;
}

/** POSTs to a memdash route that acts (same origin, no body) and returns its JSON, or throws its AppError. */
export async function postJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { method: 'POST', signal, headers: { accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw renewedIfEnded(appErrorFromBody(response.status, body));
  return body as T;
}

/** Where a page renews its sign-in (the provider asked again) and comes back to itself. */
export function renewalPath(page: { pathname: string; search: string }): string {
  return `/auth/refresh?next=${encodeURIComponent(`${page.pathname}${page.search}`)}`;
}

let renewing = false;

/**
 * A read refused because the sign-in's ID token ended (`sign-in-ended`, lib/auth/gate.ts) sends the page to renew
 * it, once: the gate renews only a page load, and a page left open would otherwise show refusals until reloaded.
 * Writes (postWrite) never leave the page by themselves: a pasted credential lives only in the tab.
 */
export function renewedIfEnded(error: AppError, browser: Pick<Window, 'location'> | undefined = globalThis.window): AppError {
  if (error.code === 'sign-in-ended' && browser && !renewing) {
    renewing = true;
    browser.location.assign(renewalPath(browser.location));
  }
  return error;
}

/**
 * POSTs a write (or an access check) with the operator's write credential: JSON body, the token in Authorization or
 * the kubeconfig in the body. Returns the route's JSON or throws its AppError (the cluster's refusal as it said it).
 */
export async function postWrite<T>(url: string, body: object, credential: WriteCredential | null, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { method: 'POST', signal, ...writeRequestInit(body, credential) });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw appErrorFromBody(response.status, answer);
  return answer as T;
}

/**
 * A live view's first data: the read the server rendered the page with, dated when it was read (so React Query
 * refreshes it on the view's own schedule), or nothing when the server's read failed and the browser reads first.
 */
export function serverRead<T extends { readAt: string }>(initial: T | undefined) {
  return { initialData: initial, initialDataUpdatedAt: initial ? Date.parse(initial.readAt) : undefined };
}

/** Retries what may pass on its own (the API server restarting); never a refusal or a bad request. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof AppError && error.status < 500) return false;
  return failureCount < 2;
}
