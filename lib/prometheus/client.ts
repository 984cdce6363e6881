import 'server-only';
import { z } from 'zod';
import type { Cluster } from '@/lib/cluster/cluster';
import type { PrometheusTarget } from '@/lib/cluster/config';
import { settings, variableOf } from '@/lib/config';
import type { SampleSeries } from '@/lib/domain';
import { prometheusErrors } from '@/lib/metrics/metrics';
import { postForm, type FormAnswer } from './http';
import { LimitError, tooManyPoints } from './limits';
import { pointsIn, rangeChunks } from './range';
import { readLimits } from './read-limits';
import { CONTAINERS, onePod, seriesSelector, workloadPods } from './selector';

// Prometheus's HTTP API, read-only: query_range, chunked under the points limit, with a timeout, and the answer's
// fields checked before use. A failure is a PrometheusError whose message is meant for the page, in the chart's place.

export class PrometheusError extends Error {
  constructor(
    readonly kind: 'not-configured' | 'unreachable' | 'timeout' | 'refused' | 'garbage',
    message: string,
  ) {
    super(message);
    this.name = 'PrometheusError';
  }
}

const counted = new WeakSet<PrometheusError>();

/**
 * `read`, its PrometheusError counted once for GET /metrics under the cluster it was read for (a read within a read
 * is counted by the first to see it).
 */
export async function countedFor<T>(cluster: Cluster, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof PrometheusError && !counted.has(err)) {
      counted.add(err);
      prometheusErrors.inc({ cluster: cluster.name, kind: err.kind });
    }
    throw err;
  }
}

/** The URL of a path of Prometheus's API (`api/v1/query_range`) under the cluster's Prometheus URL. */
export function prometheusApiUrl(target: PrometheusTarget, path: string): URL {
  const base = target.url;
  if (!base)
    throw new PrometheusError(
      'not-configured',
      `No Prometheus is configured (${variableOf('prometheusUrl')}, or the cluster's prometheus.url).`,
    );
  return new URL(path, base.endsWith('/') ? base : `${base}/`);
}

const matrix = z.object({
  status: z.literal('success'),
  data: z.object({
    resultType: z.literal('matrix'),
    // the values are checked by samplesOf: 8,000 pairs a series through zod cost more than the query itself (even
    // z.array(z.unknown()) copies the array: the pod page's largest allocation under load)
    result: z.array(z.object({ metric: z.record(z.string(), z.string()), values: z.custom<unknown[]>((v) => Array.isArray(v)) })),
  }),
});

const failure = z.object({ status: z.literal('error'), errorType: z.string().optional(), error: z.string().optional() });

export interface RangeQuery {
  query: string;
  start: number;
  end: number;
  step: number;
}

/** One raw series as Prometheus labels it: [unix seconds, value] pairs, values as numbers. */
export interface RawSeries {
  metric: Record<string, string>;
  values: Array<[number, number]>;
}

/** Runs a query_range, in as many chunks as the points limit needs, and joins each series' values in time order. */
export async function queryRange(cluster: Cluster, q: RangeQuery, signal?: AbortSignal): Promise<RawSeries[]> {
  const chunks = rangeChunks(q.start, q.end, q.step);
  const answers = await Promise.all(chunks.map((c) => queryChunk(cluster, { ...q, start: c.start, end: c.end }, signal)));
  const joined = new Map<string, RawSeries>();
  for (const answer of answers) {
    for (const s of answer) {
      const key = JSON.stringify(Object.entries(s.metric).sort());
      const found = joined.get(key);
      if (found) for (const sample of s.values) found.values.push(sample);
      else joined.set(key, s);
    }
  }
  return [...joined.values()];
}

async function queryChunk(cluster: Cluster, q: RangeQuery, signal?: AbortSignal): Promise<RawSeries[]> {
  const body = new URLSearchParams({ query: q.query, start: String(q.start), end: String(q.end), step: String(q.step) });
  const response = await askPrometheus(cluster, 'api/v1/query_range', body, signal);
  const parsed = matrix.safeParse(response.json);
  const garbage = () =>
    new PrometheusError('garbage', `Prometheus answered HTTP ${response.status} with something that is not a query_range matrix.`);
  if (!parsed.success) throw garbage();
  const steps = pointsIn(q.start, q.end, q.step);
  return parsed.data.data.result.map((s) => {
    if (s.values.length > steps) throw asPrometheusLimit(tooManyPoints(steps));
    const values = samplesOf(s.values);
    if (!values) throw garbage();
    return { metric: s.metric, values };
  });
}

/**
 * A query's form POSTed to `path` of the cluster's Prometheus API, its answer read whole within the parsed answers' limits
 * (read-limits.ts; `signal` stops it): a timeout, an unreachable Prometheus, an answer past a limit and an error answer
 * are each a PrometheusError saying so; any other answer is the caller's to check.
 */
export function askPrometheus(cluster: Cluster, path: string, body: URLSearchParams, signal?: AbortSignal): Promise<FormAnswer> {
  return countedFor(cluster, () => asked(cluster, path, body, signal));
}

async function asked(cluster: Cluster, path: string, body: URLSearchParams, signal?: AbortSignal): Promise<FormAnswer> {
  const url = prometheusApiUrl(cluster.prometheus, path);
  const timeout = settings().prometheusTimeoutMs;
  let response: FormAnswer;
  try {
    response = await postForm(url, body, timeout, readLimits('parsed', signal));
  } catch (err) {
    if (err instanceof LimitError) throw asPrometheusLimit(err);
    if (err instanceof Error && err.name === 'AbortError') throw err;
    if (err instanceof Error && err.name === 'TimeoutError')
      throw new PrometheusError('timeout', `Prometheus did not answer within ${timeout / 1000} s (MEMDASH_PROMETHEUS_TIMEOUT_MS).`);
    throw new PrometheusError(
      'unreachable',
      `Prometheus cannot be reached at ${url.origin}: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`,
    );
  }
  const failed = failure.safeParse(response.json);
  if (failed.success)
    throw new PrometheusError(
      'refused',
      `Prometheus refused the query (${failed.data.errorType ?? response.status}): ${failed.data.error ?? 'no reason given'}`,
    );
  return response;
}

/** An answer past one of its read's limits (limits.ts), said as Prometheus's failure in the part's place. */
export function asPrometheusLimit(err: LimitError): PrometheusError {
  return new PrometheusError(err.kind === 'deadline' ? 'timeout' : 'garbage', `${err.message}.`);
}

/**
 * [unix seconds, "value"] pairs as Prometheus writes them, to numbers; null when one is not such a pair. The pairs
 * are the answer's own, freshly parsed and held by nothing else: each value is turned into a number where it is,
 * rather than 8,000 new pairs made per series.
 */
function samplesOf(values: unknown[]): Array<[number, number]> | null {
  for (const pair of values) {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'number' || typeof pair[1] !== 'string') return null;
    pair[1] = Number(pair[1]);
  }
  return values as Array<[number, number]>;
}

/** The working set of every container of a workload's pods over [start, end], as the snapshot job pools them. */
export async function workloadSeries(
  cluster: Cluster,
  namespace: string,
  workload: string,
  start: number,
  end: number,
  step: number,
  signal?: AbortSignal,
): Promise<SampleSeries[]> {
  return workingSetSeries(cluster, workloadPods(namespace, workload), start, end, step, signal);
}

/** The working set of every container of one pod over [start, end], in the same query shape as the snapshot's. */
export async function podSeries(
  cluster: Cluster,
  namespace: string,
  pod: string,
  start: number,
  end: number,
  step: number,
  signal?: AbortSignal,
): Promise<SampleSeries[]> {
  return workingSetSeries(cluster, onePod(namespace, pod), start, end, step, signal);
}

// The callers pass Kubernetes names already validated (no quotes or backslashes can reach the selector).
async function workingSetSeries(
  cluster: Cluster,
  matchers: string[],
  start: number,
  end: number,
  step: number,
  signal?: AbortSignal,
): Promise<SampleSeries[]> {
  const query = seriesSelector(cluster.prometheus, cluster.facts.snapshotMetric, [...matchers, ...CONTAINERS]);
  const raw = await queryRange(cluster, { query, start, end, step }, signal);
  return raw.map((s) => ({ pod: s.metric.pod ?? '', container: s.metric.container ?? '', values: s.values }));
}
