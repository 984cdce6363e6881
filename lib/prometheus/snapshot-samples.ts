import 'server-only';
import { z } from 'zod';
import type { Cluster } from '@/lib/cluster/cluster';
import { settings, variableOf } from '@/lib/config';
import { workloadFromPodName, type SampleProgress } from '@/lib/domain';
import { PrometheusError, countedFor, prometheusApiUrl } from './client';
import { planReadBatches, READ_LIMITS, type SampleBatch, type SeriesCensus } from './snapshot-batches';
import { SeriesShapeError, type ParsedSeries } from './parsed-series';
import { runOverlapped } from './overlap';
import { pointsIn } from './range';
import { readLimits } from './read-limits';
import { CONTAINERS, onePod, seriesSelector, workloadPods } from './selector';
import { postItems, postSeries, type StreamOptions, type StreamedAnswer } from './stream';

// The snapshot job's samples, read in batches (a namespace, a few small ones, or part of a large one's workloads)
// rather than in the job's one query, each answer handed on series by series as it arrives: the preview never holds
// more than one series, and Prometheus never builds one enormous answer. Batches partition the series by the job's
// own workload rule, so pooling them gives what the one query gives.

export interface SnapshotWindow {
  start: number;
  end: number;
  step: number;
}

export type { SampleProgress };

export type ReadSeries = ParsedSeries;

// Prometheus's lookback: a sample up to 5 minutes before the window's start still counts at its first step, so
// the listing reaches back further than the window (an extra series listed only costs a batch a few bytes).
const LISTING_MARGIN_SECONDS = 3600;

const labelSet = z.record(z.string(), z.string());
const answerRest = z.object({ status: z.literal('success') });
const errorRest = z.object({ status: z.literal('error'), errorType: z.string().optional(), error: z.string().optional() });

/** The job's selector: every container's working set, the pause container and pod-level series left out. */
export function snapshotSelector(cluster: Cluster, extra: readonly string[] = []): string {
  return seriesSelector(cluster.prometheus, cluster.facts.snapshotMetric, [...CONTAINERS, 'pod!=""', ...extra]);
}

/** Where the samples go: each series with its batch's number, then that batch's end, and the progress. */
export interface SampleSink {
  series(series: ReadSeries, batch: number): void;
  /** Every series of the batch has been handed on: no other batch has a series of its workloads. */
  batchRead(batch: number): void;
  progress(p: SampleProgress): void;
}

/** `perBatch`: series per query at most (the setting; smaller in tests, to exercise the split of a namespace). */
export async function readSnapshotSamples(
  cluster: Cluster,
  window: SnapshotWindow,
  sink: SampleSink,
  signal?: AbortSignal,
  perBatch = settings().previewBatchSeries,
): Promise<SampleProgress> {
  const census = await listSeries(cluster, window, signal);
  const batches = planReadBatches(census, perBatch);
  const progress: SampleProgress = {
    seriesTotal: census.series,
    seriesRead: 0,
    samplesRead: 0,
    workloadsTotal: batches.reduce((n, b) => n + b.workloads, 0),
    workloadsDone: 0,
    batchesTotal: batches.length,
    batchesDone: 0,
  };
  sink.progress({ ...progress });
  const numbered = batches.map((batch, number) => ({ batch, number }));
  await runOverlapped(
    numbered,
    READ_LIMITS,
    async ({ batch, number }, answering, stopped) => {
      await readBatch(cluster, window, batch, { signal: stopped, answering }, (series) => {
        progress.seriesRead++;
        progress.samplesRead += series.values.length;
        sink.series(series, number);
        sink.progress({ ...progress });
      });
      sink.batchRead(number);
      progress.batchesDone++;
      progress.workloadsDone += batch.workloads;
      sink.progress({ ...progress });
    },
    signal,
  );
  signal?.throwIfAborted(); // stopped between batches: what was read is not the whole window
  return progress;
}

/** Which namespaces and workloads have series in the window, and how many each: the batches' plan. */
async function listSeries(cluster: Cluster, window: SnapshotWindow, signal?: AbortSignal): Promise<SeriesCensus> {
  const census: SeriesCensus = { series: 0, namespaces: new Map() };
  const form = new URLSearchParams({
    'match[]': snapshotSelector(cluster),
    start: String(window.start - LISTING_MARGIN_SECONDS),
    end: String(window.end),
  });
  const onLabels = (text: string) => {
    const labels = labelSet.safeParse(JSON.parse(text));
    if (!labels.success) throw new SeriesShapeError('a series in the listing is not a set of labels');
    const workload = workloadFromPodName(labels.data.pod ?? '');
    if (workload === null) return; // the job skips it: no need to read its samples
    const namespace = labels.data.namespace ?? null;
    let workloads = census.namespaces.get(namespace);
    if (!workloads) census.namespaces.set(namespace, (workloads = new Map()));
    workloads.set(workload, (workloads.get(workload) ?? 0) + 1);
    census.series++;
  };
  await post(cluster, 'api/v1/series', signal, (url, options) => postItems(url, form, ['data'], onLabels, options));
  return census;
}

async function readBatch(
  cluster: Cluster,
  window: SnapshotWindow,
  batch: SampleBatch,
  { signal, answering }: { signal: AbortSignal; answering: () => void },
  onSeries: (s: ReadSeries) => void,
): Promise<void> {
  const form = new URLSearchParams({
    query: snapshotSelector(cluster, batch.matchers),
    start: String(window.start),
    end: String(window.end),
    step: String(window.step),
  });
  const take = (series: ReadSeries) => {
    if (batch.accepts(series.metric)) onSeries(series); // else another batch's workload sharing this one's pod prefix
  };
  const maxPoints = pointsIn(window.start, window.end, window.step);
  await post(cluster, 'api/v1/query_range', signal, (url, options) =>
    postSeries(url, form, take, { ...options, maxPoints, onAnswering: answering }),
  );
}

/**
 * One workload's samples over the window, in the job's query shape (the pod page's question), each series handed on
 * as it arrives: a workload's 28 days are megabytes of answer, which read whole would be one long parse on the event
 * loop per page. The window must fit in one query (rangeChunks gives one chunk); the caller reads chunks otherwise.
 */
export function readWorkloadSamples(
  cluster: Cluster,
  window: SnapshotWindow,
  namespace: string,
  workload: string,
  onSeries: (series: ReadSeries) => void,
  signal?: AbortSignal,
): Promise<void> {
  return readSelected(cluster, window, workloadPods(namespace, workload), onSeries, signal);
}

/**
 * One pod's samples over the window, in the job's query shape (the pod page's working set), each series handed on as
 * it arrives, as readWorkloadSamples does for a workload: 28 days of a pod parsed from text were the pod page's
 * largest parse. The window must fit in one query.
 */
export function readPodSamples(
  cluster: Cluster,
  window: SnapshotWindow,
  namespace: string,
  pod: string,
  onSeries: (series: ReadSeries) => void,
  signal?: AbortSignal,
): Promise<void> {
  return readSelected(cluster, window, onePod(namespace, pod), onSeries, signal);
}

/** The job's query narrowed by `matchers`, over the window in one query, each series handed on as it arrives. */
async function readSelected(
  cluster: Cluster,
  window: SnapshotWindow,
  matchers: string[],
  onSeries: (series: ReadSeries) => void,
  signal?: AbortSignal,
): Promise<void> {
  // the callers pass Kubernetes names already validated (no quotes or backslashes can reach the selector)
  const form = new URLSearchParams({
    query: snapshotSelector(cluster, matchers),
    start: String(window.start),
    end: String(window.end),
    step: String(window.step),
  });
  const maxPoints = pointsIn(window.start, window.end, window.step);
  await post(cluster, 'api/v1/query_range', signal, (url, options) => postSeries(url, form, onSeries, { ...options, maxPoints }));
}

/**
 * A POST to Prometheus's API at `path`, its answer read by `read` as it arrives within the streamed answers' limits
 * (read-limits.ts; `signal` stops it); a refusal or a failure throws.
 */
function post(
  cluster: Cluster,
  path: string,
  signal: AbortSignal | undefined,
  read: (url: URL, options: StreamOptions) => Promise<StreamedAnswer>,
): Promise<void> {
  return countedFor(cluster, () => posted(cluster, path, signal, read));
}

async function posted(
  cluster: Cluster,
  path: string,
  signal: AbortSignal | undefined,
  read: (url: URL, options: StreamOptions) => Promise<StreamedAnswer>,
): Promise<void> {
  const url = prometheusApiUrl(cluster.prometheus, path);
  const options = {
    idleTimeoutMs: settings().prometheusTimeoutMs,
    limits: readLimits('streamed', signal),
    timeoutSetting: variableOf('prometheusTimeoutMs'),
  };
  const answer = await read(url, options);
  const failed = errorRest.safeParse(answer.rest);
  if (failed.success) {
    throw new PrometheusError(
      'refused',
      `Prometheus refused the query (${failed.data.errorType ?? `HTTP ${answer.status}`}): ${failed.data.error ?? 'no reason given'}`,
    );
  }
  if (answer.status !== 200 || !answerRest.safeParse(answer.rest).success) {
    throw new PrometheusError('garbage', `Prometheus answered HTTP ${answer.status} with JSON that is not a successful answer to ${path}.`);
  }
}
