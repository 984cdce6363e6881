// React Query's keys, fetcher and retry rule, in one place so every client component shares them.
import { AppError, appErrorFromBody } from '@/lib/http/errors';

export const queryKeys = {
  cluster: {
    ready: () => ['cluster', 'ready'] as const,
  },
  workloads: {
    memory: (namespace: string, workload: string) => ['workloads', 'memory', namespace, workload] as const,
  },
  pods: {
    all: () => ['pods'] as const,
    search: (namespace: string, name: string) => ['pods', 'search', namespace, name] as const,
  },
  webhook: {
    health: () => ['webhook', 'health'] as const,
    logs: () => ['webhook', 'logs'] as const,
    probe: () => ['webhook', 'probe'] as const,
  },
} as const;

/** GETs a memdash route and returns its JSON, or throws the AppError the route answered with. */
export async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw appErrorFromBody(response.status, body);
  return body as T;
}

/** POSTs to a memdash route that acts (same origin, no body) and returns its JSON, or throws its AppError. */
export async function postJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { method: 'POST', signal, headers: { accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw appErrorFromBody(response.status, body);
  return body as T;
}

/** Retries what may pass on its own (the API server restarting); never a refusal or a bad request. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof AppError && error.status < 500) return false;
  return failureCount < 2;
}
