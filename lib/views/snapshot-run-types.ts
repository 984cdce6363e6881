// The JSON contract of the snapshot run routes and pages: GET /api/snapshot/runs, GET /api/snapshot/runs/{job}
// and the events of GET /api/snapshot/runs/{job}/events. Types only: components import these.
import type { DiffCounts } from '@/lib/domain';
import type { SnapshotResult } from '@/lib/domain/snapshot-result';

export type RunState = 'running' | 'succeeded' | 'failed';

/** One try of the Job (it retries twice): one pod. */
export interface SnapshotTry {
  pod: string;
  phase: string;
  startedAt: string | null;
  finishedAt: string | null;
  exitCode: number | null;
  result: SnapshotResult;
}

/** The table before the run (its last version with data) against after it, from the history store. */
export interface RunDiff {
  from: number;
  to: number;
  counts: DiffCounts;
  /** Workloads (namespace/workload) that had a row before and have none after. */
  lostRows: string[];
}

export interface SnapshotRunView {
  job: string;
  namespace: string;
  createdAt: string | null;
  manual: boolean;
  state: RunState;
  /** How many tries the Job allows after the first (backoffLimit). */
  retries: number | null;
  tries: SnapshotTry[];
  /** The last try's result: what the run ended with. */
  result: SnapshotResult;
  /** Only after a success, once the recorder has seen the new table. */
  diff: RunDiff | null;
  commands: string[];
}

export interface SnapshotRunSummary {
  job: string;
  createdAt: string | null;
  manual: boolean;
  state: RunState;
  tries: number;
  result: SnapshotResult;
}

export interface SnapshotRunList {
  runs: SnapshotRunSummary[];
}

/** Events of the run's stream: the run as it stands, new log lines of a try, and the end. */
export type RunEvent =
  | { type: 'run'; run: SnapshotRunView }
  | { type: 'log'; pod: string; lines: string[] }
  | { type: 'end' }
  | { type: 'error'; code: string; message: string };
