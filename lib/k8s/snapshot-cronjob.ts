import 'server-only';
import { z } from 'zod';
import type { Cluster } from '@/lib/cluster/cluster';
import { readOrNull } from './client';

// The snapshot CronJob's schedule as the CronJob controller reads it (the runbook's `get cronjob`): when it starts
// a run, in which zone, and whether it is suspended. Only the fields the pages rely on are read, and checked.

const cronJob = z.object({
  spec: z.object({
    schedule: z.string().max(1000),
    timeZone: z.string().max(200).nullish(),
    suspend: z.boolean().nullish(),
  }),
  status: z.object({ lastScheduleTime: z.date().nullish(), lastSuccessfulTime: z.date().nullish() }).nullish(),
});

export interface SnapshotCronJobRead {
  schedule: string;
  /** spec.timeZone; null when unset (the controller then runs it in its own zone). */
  timeZone: string | null;
  suspend: boolean;
  lastScheduleTime: string | null;
  lastSuccessfulTime: string | null;
}

/** The CronJob's schedule, or null when there is no CronJob of that name. */
export async function readSnapshotCronJob(cluster: Cluster): Promise<SnapshotCronJobRead | null> {
  const { kyvernoNamespace: namespace, snapshotCronJob: name } = cluster.facts;
  const raw = await readOrNull(() => cluster.clients().batch.readNamespacedCronJob({ namespace, name }));
  if (raw === null) return null;
  const { spec, status } = cronJob.parse(raw);
  return {
    schedule: spec.schedule,
    timeZone: spec.timeZone || null,
    suspend: spec.suspend === true,
    lastScheduleTime: status?.lastScheduleTime?.toISOString() ?? null,
    lastSuccessfulTime: status?.lastSuccessfulTime?.toISOString() ?? null,
  };
}
