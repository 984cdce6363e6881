import 'server-only';
import type { V1Job, V1Pod } from '@kubernetes/client-node';
import type { Cluster } from '@/lib/cluster/cluster';
import { isRunOf } from '@/lib/domain/snapshot-run-owner';
import { AppError, toAppError } from '@/lib/errors';
import { readOrNull, type KubeClients } from './client';

// The last runs of the snapshot CronJob (the runbook's `get cronjob,jobs` and `logs job/<job>`), with each run's
// last log line: the job ends with the table's counts, or with why it left the table as it is.

export interface SnapshotRun {
  name: string;
  startedAt: string | null;
  outcome: 'succeeded' | 'failed' | 'running';
  /** When it succeeded or failed; null while it runs. */
  endedAt: string | null;
  /** The last line its newest pod logged, or null when there is none (yet). */
  lastLine: string | null;
  manual: boolean;
}

const SHOWN = 5;
const WITH_LOG_LINE = 3;
/** The most of a last line read: a line can be any length. */
const LAST_LINE_BYTES = 16 * 1024;

export async function readSnapshotRuns(cluster: Cluster, k: KubeClients): Promise<SnapshotRun[]> {
  const { kyvernoNamespace: namespace, snapshotCronJob } = cluster.facts;
  const jobs = await k.batch.listNamespacedJob({ namespace });
  const runs = jobs.items
    .filter((j) => isRunOf(j, snapshotCronJob))
    .sort((a, b) => (b.metadata?.creationTimestamp?.getTime() ?? 0) - (a.metadata?.creationTimestamp?.getTime() ?? 0))
    .slice(0, SHOWN);
  return Promise.all(
    runs.map(async (job, i) => ({ ...runOf(job), lastLine: i < WITH_LOG_LINE ? await lastLogLine(k, namespace, job) : null })),
  );
}

export function runOf(job: V1Job): Omit<SnapshotRun, 'lastLine'> {
  const ended = (type: string) => job.status?.conditions?.find((c) => c.type === type && c.status === 'True');
  const complete = ended('Complete');
  const failed = ended('Failed');
  return {
    name: job.metadata?.name ?? '',
    startedAt: (job.status?.startTime ?? job.metadata?.creationTimestamp)?.toISOString() ?? null,
    outcome: complete ? 'succeeded' : failed ? 'failed' : 'running',
    endedAt: (complete ? (job.status?.completionTime ?? complete.lastTransitionTime) : failed?.lastTransitionTime)?.toISOString() ?? null,
    manual: job.metadata?.annotations?.['cronjob.kubernetes.io/instantiate'] === 'manual',
  };
}

/** The newest pod's last log line; a missing log is no line, not a failure of the panel. */
async function lastLogLine(k: KubeClients, namespace: string, job: V1Job): Promise<string | null> {
  const name = job.metadata?.name ?? '';
  const pods = await k.core.listNamespacedPod({ namespace, labelSelector: `batch.kubernetes.io/job-name=${name}` });
  const newest = pods.items.sort(
    (a, b) => (b.metadata?.creationTimestamp?.getTime() ?? 0) - (a.metadata?.creationTimestamp?.getTime() ?? 0),
  )[0];
  if (!newest?.metadata?.name) return null;
  try {
    const log = await k.core.readNamespacedPodLog({ namespace, name: newest.metadata.name, tailLines: 1, limitBytes: LAST_LINE_BYTES });
    return log.trim().split('\n').pop() || null;
  } catch {
    return null;
  }
}

/** The snapshot CronJob's Jobs (scheduled and manual), newest first. */
export async function listRunJobs(cluster: Cluster): Promise<V1Job[]> {
  const { kyvernoNamespace: namespace, snapshotCronJob } = cluster.facts;
  const jobs = await cluster.clients().batch.listNamespacedJob({ namespace });
  return jobs.items
    .filter((j) => isRunOf(j, snapshotCronJob))
    .sort((a, b) => (b.metadata?.creationTimestamp?.getTime() ?? 0) - (a.metadata?.creationTimestamp?.getTime() ?? 0));
}

/** One run's Job, or null when there is none of that name or the Job of that name is not a run of the snapshot. */
async function readRunJob(cluster: Cluster, k: KubeClients, name: string): Promise<V1Job | null> {
  const { kyvernoNamespace: namespace, snapshotCronJob } = cluster.facts;
  const job = await readOrNull(() => k.batch.readNamespacedJob({ namespace, name }));
  return job && isRunOf(job, snapshotCronJob) ? job : null;
}

/** One run's Job; `not-found` (404) when there is no run of that name, before anything of it is read or followed. */
export async function requireRunJob(cluster: Cluster, k: KubeClients, name: string): Promise<V1Job> {
  const job = await readRunJob(cluster, k, name);
  if (!job) throw new AppError('not-found', `No run ${name} of the CronJob ${cluster.facts.snapshotCronJob}`);
  return job;
}

/** A run's pods, one per try, oldest first. */
export async function readRunPods(cluster: Cluster, k: KubeClients, job: string): Promise<V1Pod[]> {
  const pods = await k.core.listNamespacedPod({
    namespace: cluster.facts.kyvernoNamespace,
    labelSelector: `batch.kubernetes.io/job-name=${job}`,
  });
  return pods.items.sort((a, b) => (a.metadata?.creationTimestamp?.getTime() ?? 0) - (b.metadata?.creationTimestamp?.getTime() ?? 0));
}

/**
 * The most of one try's log read at once: its last lines, bounded in bytes too (a line can be any length). A
 * snapshot run writes a few lines, a crash a traceback.
 */
const RUN_LOG_LINES = 2000;
const RUN_LOG_BYTES = 1024 * 1024;

/**
 * A pod's log, its last lines up to the bounds; with `sinceSeconds`, only what it wrote in those last seconds, each
 * line after its timestamp (`timestamps`) so that a follower tells apart what it has taken (log-since.ts). Empty
 * while the pod has not started (the API server refuses the call then).
 */
export async function readRunLog(cluster: Cluster, k: KubeClients, pod: string, follow?: { sinceSeconds?: number }): Promise<string> {
  try {
    return await k.core.readNamespacedPodLog({
      namespace: cluster.facts.kyvernoNamespace,
      name: pod,
      tailLines: RUN_LOG_LINES,
      limitBytes: RUN_LOG_BYTES,
      ...(follow ? { timestamps: true, sinceSeconds: follow.sinceSeconds } : {}),
    });
  } catch (err) {
    const code = toAppError(err).code;
    if (code === 'cluster-error' || code === 'not-found') return ''; // 400 "waiting to start", or the pod went
    // an answer with no Content-Type, which client-node refuses to parse: seen once as a run's pod had just started,
    // and read as no log yet, which the follower asks again, rather than the run's whole page failing
    if (err instanceof Error && err.message.includes('No Content-Type defined')) return '';
    throw err;
  }
}
