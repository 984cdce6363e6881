import 'server-only';
import { SnapshotPool, diffCounts, diffTables, snapshotGuard, type SnapshotCrash } from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import { settings } from '@/lib/config';
import { previewConfidence } from './row-confidence';
import { toAppError } from '@/lib/errors';
import { sharedRun } from '@/lib/shared-in-flight';
import { readTableData } from '@/lib/k8s/table';
import { PrometheusError } from '@/lib/prometheus/client';
import { readSnapshotSamples, type SampleProgress, type SampleSink } from '@/lib/prometheus/snapshot-samples';
import type { PreviewEvent, PreviewProblem, PreviewProgress, PreviewWindow, SnapshotPreview } from './snapshot-preview-types';
import { fitOfRows, rememberPreviewRows } from './next-table-fit';
import { attempt } from './part';
import { perCluster } from './per-cluster';

// The next table, computed as the snapshot job computes it and written nowhere: today's table from the cluster,
// 28 days of samples from Prometheus reduced series by series, the job's guard, and the diff. Progress is handed
// out while it runs; the signal stops the Prometheus reads when the page that asked goes away.

const PROGRESS_EVERY_MS = 250;

export type PreviewOutcome = { preview: SnapshotPreview } | { problem: PreviewProblem };

/**
 * The preview as the pages ask for it: every /workloads computes "p90 now" from it, so a team opening the page in an
 * incident would each make all of the job's Prometheus queries (hundreds at production size, seconds of the server's
 * time) at once. Whoever asks while a preview runs joins it (its start and latest progress first). Previews start at
 * most once per MEMDASH_PREVIEW_MIN_INTERVAL_MS: within it, a newcomer gets that preview, running or ended, and the
 * preview goes on even when everyone who asked has left; past it, it stops when the last one leaves, and the next
 * asker computes the table as of then (the rule: sharedRun). One preview per cluster: each has its own table and
 * Prometheus, and a preview of one is never handed to an asker of another.
 */
const sharedPreviewIn = perCluster((cluster) =>
  sharedRun<PreviewEvent, PreviewOutcome>(
    (_key, signal, emit) => previewSnapshot(cluster, new Date(), signal, emit),
    (event) => event.type,
    { minIntervalMs: () => settings().previewMinIntervalMs, now: () => performance.now() },
  ),
);

export function previewSnapshotShared(cluster: Cluster, signal: AbortSignal, emit: (event: PreviewEvent) => void): Promise<PreviewOutcome> {
  return sharedPreviewIn(cluster)(`${cluster.name}/preview`, signal, emit);
}

export async function previewSnapshot(
  cluster: Cluster,
  now: Date,
  signal: AbortSignal,
  emit: (event: PreviewEvent) => void = () => {},
): Promise<PreviewOutcome> {
  const started = performance.now();
  const s = cluster.facts;
  const end = Math.floor(now.getTime() / 1000);
  const window: PreviewWindow = { start: end - s.snapshotWindowDays * 86400, end, step: s.snapshotStepSeconds };
  // Today's table and the samples are read at once: the table is needed only at the end, and the samples take longest.
  // Progress waits for the `started` event (which carries the table); the latest is sent with it.
  const tableFailed = new AbortController();
  const pool = new SnapshotPool();
  let last = 0;
  let held: SampleProgress | null = null;
  let announced = false;
  const progress = (p: SampleProgress) => {
    const at = performance.now();
    if (!announced) return void (held = p);
    if (at - last < PROGRESS_EVERY_MS && p.batchesDone < p.batchesTotal) return;
    last = at;
    emit({ type: 'progress', ...withTime(p, at - started) });
  };
  // each batch's rows, settled as it is read whole: the pool then holds the rows of the batches being read
  const rowsOfBatch = new Map<number, Set<string>>();
  const sink: SampleSink = {
    series: (series, batch) => {
      const key = pool.add(series);
      if (key === null) return;
      let keys = rowsOfBatch.get(batch);
      if (!keys) rowsOfBatch.set(batch, (keys = new Set()));
      keys.add(key);
    },
    batchRead: (batch) => {
      pool.settle(rowsOfBatch.get(batch) ?? []);
      rowsOfBatch.delete(batch);
    },
    progress,
  };
  const samples = readSnapshotSamples(cluster, window, sink, AbortSignal.any([signal, tableFailed.signal])).then(
    () => null,
    (err: unknown) => err,
  );
  let configMap;
  try {
    configMap = await readTableData(cluster);
  } catch (err) {
    tableFailed.abort();
    await samples;
    return failed(emit, { kind: 'cluster', title: "Today's table cannot be read", message: toAppError(err).message });
  }
  const old = configMap?.data ?? null;
  const table = { namespace: s.kyvernoNamespace, name: s.tableConfigMap, exists: configMap !== null, rows: Object.keys(old ?? {}).length };
  emit({ type: 'started', window, table });
  announced = true;
  if (held) progress(held);

  const failure = await samples;
  if (failure instanceof PrometheusError) return failed(emit, problemOf(failure));
  if (failure) throw failure;

  const { rows, confidence, crash } = pool.rows();
  const tableName = `${table.namespace}/${table.name}`;
  const diff = diffTables(old, rows);
  const computedAt = now.toISOString();
  rememberPreviewRows(cluster, rows, computedAt);
  const fit = await attempt(() => fitOfRows(cluster, rows, { kind: 'preview', computedAt }, now));
  const preview: SnapshotPreview = {
    window,
    computedAt,
    tookMs: Math.round(performance.now() - started),
    series: pool.series,
    samples: pool.samples,
    rows,
    guard: snapshotGuard(rows, old, tableName),
    crash: crash ?? (configMap === null ? missingTable(tableName) : null),
    table,
    diff,
    counts: diffCounts(diff),
    fit,
    confidence: await previewConfidence(cluster, confidence, now.toISOString()),
  };
  emit({ type: 'done', preview });
  return { preview };
}

function withTime(p: SampleProgress, elapsedMs: number): PreviewProgress {
  const share = p.seriesTotal > 0 ? Math.min(1, p.seriesRead / p.seriesTotal) : 0;
  const etaMs = share > 0 && share < 1 ? Math.round((elapsedMs * (1 - share)) / share) : share >= 1 ? 0 : null;
  return { ...p, elapsedMs: Math.round(elapsedMs), etaMs };
}

// The job reads the ConfigMap first and stops on the 404.
function missingTable(tableName: string): SnapshotCrash {
  return { row: null, reason: `ConfigMap ${tableName} does not exist: the job's first read fails (HTTP 404)` };
}

function failed(emit: (event: PreviewEvent) => void, problem: PreviewProblem): PreviewOutcome {
  emit({ type: 'failed', problem });
  return { problem };
}

const TITLES: Record<PrometheusError['kind'], [PreviewProblem['kind'], string]> = {
  'not-configured': ['prometheus-not-configured', 'No Prometheus is configured'],
  unreachable: ['prometheus-down', 'Prometheus is down'],
  timeout: ['prometheus-slow', 'Prometheus is too slow'],
  garbage: ['prometheus-garbage', 'Prometheus answered garbage'],
  refused: ['prometheus-refused', 'Prometheus refused the query'],
};

function problemOf(err: PrometheusError): PreviewProblem {
  const [kind, title] = TITLES[err.kind];
  return { kind, title, message: err.message };
}
