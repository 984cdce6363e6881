// The JSON contract of GET /api/snapshot/preview: one event per line (NDJSON) while the preview computes, the last
// being `done` or `failed`. Types only: the page and the route share these shapes and nothing else.
import type { DiffCounts, GuardOutcome, PackedConfidence, SampleProgress, SnapshotCrash, TableDiff } from '@/lib/domain';
import type { FitPart } from './next-table-fit-types';

export interface PreviewWindow {
  /** Unix seconds, as the job's query_range takes them. */
  start: number;
  end: number;
  step: number;
}

export interface PreviewProgress extends SampleProgress {
  elapsedMs: number;
  /** Estimated from the share of series read; null until some are. */
  etaMs: number | null;
}

/** Why no preview: which part failed and its own words. */
export type PreviewProblemKind =
  'prometheus-not-configured' | 'prometheus-down' | 'prometheus-slow' | 'prometheus-garbage' | 'prometheus-refused' | 'cluster';

export interface PreviewProblem {
  kind: PreviewProblemKind;
  /** One line: "Prometheus is down". */
  title: string;
  /** Why, with the cause's own message. */
  message: string;
}

export interface SnapshotPreview {
  window: PreviewWindow;
  /** ISO time the window ends at. */
  computedAt: string;
  tookMs: number;
  series: number;
  samples: number;
  /** The table the job would write, keys sorted. */
  rows: Record<string, string>;
  /** The job's guard against today's table. */
  guard: GuardOutcome;
  /** Where the job itself would stop (traceback) rather than write or refuse; the guard is then moot. */
  crash: SnapshotCrash | null;
  table: { namespace: string; name: string; exists: boolean; rows: number };
  /** Today's table → the preview. */
  diff: TableDiff;
  counts: DiffCounts;
  /** Whether the next table fits the nodes, quotas and LimitRanges today (lib/views/next-table-fit.ts). */
  fit: FitPart;
  /** How sure the rows are: how many were measured, and the figures of those a flag is raised on. */
  confidence: PreviewConfidence;
}

export interface PreviewConfidence {
  measured: number;
  /** Row key → its figures (lib/domain packConfidence), only the rows with a flag: every row's are kept in the store. */
  flagged: Record<string, PackedConfidence>;
  /** Whether the store kept every row's figures for /table and /workloads; why not when it did not. */
  kept: { ok: true } | { ok: false; message: string };
}

export type PreviewEvent =
  | { type: 'started'; window: PreviewWindow; table: SnapshotPreview['table'] }
  | ({ type: 'progress' } & PreviewProgress)
  | { type: 'done'; preview: SnapshotPreview }
  | { type: 'failed'; problem: PreviewProblem };
