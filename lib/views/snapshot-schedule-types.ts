// The JSON contract of GET /api/snapshot/schedule and of the schedule shown on /snapshot/runs and the home page.
// Types only: components import these.

export type RunOutcome = 'succeeded' | 'failed' | 'running';

/** A run of the snapshot CronJob as its Job says. */
export interface ScheduleRun {
  job: string;
  manual: boolean;
  outcome: RunOutcome;
  startedAt: string | null;
  /** When it succeeded or failed; null while it runs. */
  endedAt: string | null;
}

export interface SnapshotScheduleView {
  namespace: string;
  cronJob: string;
  /** The CronJob's spec; null when there is no CronJob of that name. */
  spec: { schedule: string; timeZone: string | null; suspend: boolean } | null;
  /** The next run the schedule starts: the instant (UTC) and the same in the schedule's zone. */
  next: { at: string; local: string; timeZone: string } | null;
  /** Why there is no next run: suspended, no CronJob, or a schedule that cannot be read. */
  noNext: string | null;
  /** status.lastScheduleTime: when the controller last started a run (its Job may be gone). */
  lastScheduleTime: string | null;
  /** The newest Job the CronJob controls, scheduled or manual. */
  lastRun: ScheduleRun | null;
  /** The newest scheduled run, when the newest run was started by hand. */
  lastScheduled: ScheduleRun | null;
}
