import 'server-only';
import { Counter, Gauge, Histogram, register, type Metric } from 'prom-client';

// memdash's own metrics, in prom-client's default registry. prom-client is a server-external package (one copy in
// the process), but this module can be bundled into more than one of Next's entries (instrumentation, routes), so
// each metric is looked up by name before it is made: a second copy of this module finds the first one's.

function once<T extends Metric>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

export const requestDuration = once(
  'memdash_http_request_duration_seconds',
  () =>
    new Histogram({
      name: 'memdash_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern (as app/ names it), method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
);

export const clusterErrors = once(
  'memdash_cluster_errors_total',
  () =>
    new Counter({
      name: 'memdash_cluster_errors_total',
      help: "Calls to the Kubernetes API server that failed, by kind (the HTTP status's meaning, unreachable or timeout)",
      labelNames: ['cluster', 'kind'] as const,
    }),
);

export const prometheusErrors = once(
  'memdash_prometheus_errors_total',
  () =>
    new Counter({
      name: 'memdash_prometheus_errors_total',
      help: 'Queries to Prometheus that failed, by kind (not-configured, unreachable, timeout, refused, garbage)',
      labelNames: ['cluster', 'kind'] as const,
    }),
);

export const writeAttempts = once(
  'memdash_write_attempts_total',
  () =>
    new Counter({
      name: 'memdash_write_attempts_total',
      help: 'Writes asked of memdash, by action and outcome (success, failure, refused), as the audit records them',
      labelNames: ['cluster', 'action', 'outcome'] as const,
    }),
);

export const writesRefusedBeforeCredential = once(
  'memdash_write_refusals_before_credential_total',
  () =>
    new Counter({
      name: 'memdash_write_refusals_before_credential_total',
      help: 'Writes refused before a credential was read, by action and reason (the error code), counted in the audit instead of recorded one by one',
      labelNames: ['action', 'reason'] as const,
    }),
);

export const requestsCollapsed = once(
  'memdash_http_requests_collapsed_total',
  () =>
    new Counter({
      name: 'memdash_http_requests_collapsed_total',
      help: 'Requests answered with a copy of an identical request’s answer made while they waited (lib/server/collapse.ts)',
    }),
);

export const requestsReused = once(
  'memdash_http_requests_reused_total',
  () =>
    new Counter({
      name: 'memdash_http_requests_reused_total',
      help: 'Requests answered with an identical request’s answer kept for a second after it went out (lib/server/collapse.ts)',
    }),
);

export const rightsChecks = once(
  'memdash_rights_checks_total',
  () =>
    new Counter({
      name: 'memdash_rights_checks_total',
      help: "Signed-in people's rights asked of a cluster's API server: one per person each time their kept rights end (lib/k8s/rights.ts)",
      labelNames: ['cluster'] as const,
    }),
);

export const subjectAccessReviews = once(
  'memdash_subject_access_reviews_total',
  () =>
    new Counter({
      name: 'memdash_subject_access_reviews_total',
      help: 'SubjectAccessReviews memdash created to learn what a signed-in person may read (several per rights check)',
      labelNames: ['cluster'] as const,
    }),
);

export const recorderLeader = once(
  'memdash_recorder_leader',
  () =>
    new Gauge({
      name: 'memdash_recorder_leader',
      help: 'Whether this replica records a cluster’s history (1: it holds that cluster’s recorder Lease, or no Lease is configured)',
      labelNames: ['cluster'] as const,
    }),
);

/** A 4xx/5xx answer of the API server as a kind, in the words of lib/errors' codes. */
export function clusterErrorKind(status: number): string {
  const known: Record<number, string> = {
    400: 'bad-request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not-found',
    409: 'conflict',
    410: 'gone',
    422: 'invalid',
    429: 'throttled',
  };
  return known[status] ?? (status >= 500 ? 'server-error' : 'client-error');
}
