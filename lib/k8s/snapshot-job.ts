import 'server-only';
import type { V1CronJob, V1Job } from '@kubernetes/client-node';
import type { Cluster } from '@/lib/cluster/cluster';
import { activeRunsOf, jobFromCronJob, manualJobName, runningRefusal } from '@/lib/domain/snapshot-job';
import { AppError, toAppError } from '@/lib/errors';
import { FIELD_MANAGER, type KubeClients } from './client';

// A run of the snapshot starts only while none runs, as the CronJob's `concurrencyPolicy: Forbid` has it for its
// scheduled runs (a Job created by hand bypasses that policy). Within this process the check and the create are one
// step: a second press waits for the first, then finds its Job running. Across replicas the check and the create
// are two calls; a second replica's create of the same minute's name meets an AlreadyExists and looks again.

/** Attempts at a free name: a run of the same minute that ended between our list and our create takes the next one. */
const NAME_ATTEMPTS = 5;

// Each cluster's turn: a run in one cluster never waits for a press in another (its own CronJob, its own runs).
const starting = new Map<string, Promise<unknown>>();

/** `steps` once the turns taken before it in `cluster` have ended. */
export function oneAtATime<T>(cluster: Cluster, steps: () => Promise<T>): Promise<T> {
  const turn = (starting.get(cluster.name) ?? Promise.resolve()).then(steps);
  const done = turn.catch(() => undefined);
  starting.set(cluster.name, done);
  // the last turn forgets its cluster's entry once it ends, so the map holds only clusters with a turn under way
  void done.then(() => {
    if (starting.get(cluster.name) === done) starting.delete(cluster.name);
  });
  return turn;
}

/**
 * Runs `steps` once no run of the snapshot CronJob is active, holding this process's turn until they end, so no
 * other run starts meanwhile from this process; a 409 naming the running Job otherwise. `steps` gets `createJob`,
 * which creates the Job as `kubectl create job --from=cronjob/…` does and returns its name.
 */
export function whileNoRunIsActive<T>(
  cluster: Cluster,
  k: KubeClients,
  now: Date,
  steps: (createJob: () => Promise<string>) => Promise<T>,
): Promise<T> {
  return oneAtATime(cluster, async () => {
    const { kyvernoNamespace: namespace, snapshotCronJob } = cluster.facts;
    // The write credential reads the CronJob (kubectl reads it with $KC too); the runs are listed as memdash lists them.
    const cronJob = await k.batch.readNamespacedCronJob({ namespace, name: snapshotCronJob });
    const taken = await namesWhileNoneRuns(cluster, cronJob);
    return steps(() => createFrom(cluster, k, cronJob, now, taken));
  });
}

/** Runs the snapshot now: a Job from the CronJob, or a 409 while one of its runs is active. Returns the Job's name. */
export function createSnapshotJob(cluster: Cluster, k: KubeClients, now: Date): Promise<string> {
  return whileNoRunIsActive(cluster, k, now, (createJob) => createJob());
}

/** The names of the namespace's Jobs, read afresh from the API server; a 409 when one is an active run of `cronJob`. */
async function namesWhileNoneRuns(cluster: Cluster, cronJob: V1CronJob): Promise<Set<string>> {
  const { kyvernoNamespace: namespace, snapshotCronJob } = cluster.facts;
  const uid = cronJob.metadata?.uid;
  if (!uid) throw new AppError('cluster-error', `CronJob ${snapshotCronJob} has no uid`);
  const { items } = await cluster.clients().batch.listNamespacedJob({ namespace });
  const active = activeRunsOf(uid, items);
  if (active.length > 0) throw new AppError('conflict', runningRefusal(snapshotCronJob, active));
  return new Set(items.map((j) => j.metadata?.name ?? ''));
}

async function createFrom(cluster: Cluster, k: KubeClients, cronJob: V1CronJob, now: Date, taken: Set<string>): Promise<string> {
  const { kyvernoNamespace: namespace, snapshotCronJob } = cluster.facts;
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
    const name = manualJobName(snapshotCronJob, now, taken);
    try {
      await k.batch.createNamespacedJob({ namespace, body: jobFromCronJob(cronJob, name) as V1Job, fieldManager: FIELD_MANAGER });
      return name;
    } catch (err) {
      const error = toAppError(err);
      if (error.code !== 'conflict' || !/already exists/i.test(error.message)) throw err;
      // a run created since we looked (another replica's, of this minute) is refused as running; an ended one is skipped
      for (const seen of await namesWhileNoneRuns(cluster, cronJob)) taken.add(seen);
      taken.add(name);
    }
  }
  throw new AppError('conflict', `Every name for a run in this minute was taken (${NAME_ATTEMPTS} tries): try again in a minute`);
}
