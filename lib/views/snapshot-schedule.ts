import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { nextRun } from '@/lib/domain/cron-schedule';
import { readSnapshotCronJob } from '@/lib/k8s/snapshot-cronjob';
import { listRunJobs, runOf } from '@/lib/k8s/snapshot-runs';
import type { ScheduleRun, SnapshotScheduleView } from './snapshot-schedule-types';

// When the snapshot runs next and how its last run ended: the CronJob's schedule, time zone and suspend, and the
// newest Jobs it controls. Reads with memdash's read credential.

export async function readSnapshotSchedule(cluster: Cluster, now: Date): Promise<SnapshotScheduleView> {
  const { kyvernoNamespace: namespace, snapshotCronJob } = cluster.facts;
  const [cronJob, jobs] = await Promise.all([readSnapshotCronJob(cluster), listRunJobs(cluster)]);
  const runs: ScheduleRun[] = jobs.map((job) => {
    const { name, manual, outcome, startedAt, endedAt } = runOf(job);
    return { job: name, manual, outcome, startedAt, endedAt };
  });
  const lastRun = runs[0] ?? null;
  const view = {
    namespace,
    cronJob: snapshotCronJob,
    lastRun,
    lastScheduled: lastRun?.manual ? (runs.find((r) => !r.manual) ?? null) : null,
    lastScheduleTime: cronJob?.lastScheduleTime ?? null,
  };
  if (!cronJob) return { ...view, spec: null, next: null, noNext: `there is no CronJob ${namespace}/${snapshotCronJob}` };
  const spec = { schedule: cronJob.schedule, timeZone: cronJob.timeZone, suspend: cronJob.suspend };
  const next = nextRun(spec, now);
  if (next.kind === 'next')
    return { ...view, spec, next: { at: next.at.toISOString(), local: next.local, timeZone: next.timeZone }, noNext: null };
  const noNext = next.kind === 'suspended' ? 'suspended: the schedule starts no run' : `the schedule cannot be read: ${next.reason}`;
  return { ...view, spec, next: null, noNext };
}
