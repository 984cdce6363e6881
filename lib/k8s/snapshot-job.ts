import 'server-only';
import type { V1Job } from '@kubernetes/client-node';
import { settings } from '@/lib/config';
import { jobFromCronJob, manualJobName } from '@/lib/domain/snapshot-job';
import { AppError, toAppError } from '@/lib/http/errors';
import type { KubeClients } from './client';

/** Attempts at a free name: a run of the same minute created between our list and our create takes the next one. */
const NAME_ATTEMPTS = 5;

/**
 * Creates a Job from the snapshot CronJob as `kubectl create job --from=cronjob/…` does, with the write
 * credential for both the CronJob's read and the create (kubectl reads it with $KC too). Returns the Job's name.
 */
export async function createSnapshotJob(k: KubeClients, now: Date): Promise<string> {
  const { kyvernoNamespace: namespace, snapshotCronJob } = settings();
  const cronJob = await k.batch.readNamespacedCronJob({ namespace, name: snapshotCronJob });
  // A credential that may create Jobs but not list them still runs the snapshot: the create's 409 finds the free name.
  const listed = await k.batch.listNamespacedJob({ namespace }).catch(() => ({ items: [] as V1Job[] }));
  const taken = new Set(listed.items.map((j) => j.metadata?.name ?? ''));
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
    const name = manualJobName(snapshotCronJob, now, taken);
    try {
      await k.batch.createNamespacedJob({ namespace, body: jobFromCronJob(cronJob, name) as V1Job });
      return name;
    } catch (err) {
      const error = toAppError(err);
      if (error.code !== 'conflict' || !/already exists/i.test(error.message)) throw err;
      taken.add(name);
    }
  }
  throw new AppError('conflict', `Every name for a run in this minute was taken (${NAME_ATTEMPTS} tries): try again in a minute`);
}
