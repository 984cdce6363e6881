// A Job made from the snapshot CronJob as `kubectl create job --from=cronjob/<cronjob> <name>` makes it (kubectl's
// createJobFromCronJob): the jobTemplate's spec, labels and annotations, the annotation
// cronjob.kubernetes.io/instantiate: manual, and a controller ownerReference to the CronJob without
// blockOwnerDeletion (which would need the cronjobs/finalizers permission kubectl does not ask for either).

export interface CronJobShape {
  metadata?: { name?: string; namespace?: string; uid?: string };
  spec?: { jobTemplate?: { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: object } };
}

export interface ManualJob {
  apiVersion: 'batch/v1';
  kind: 'Job';
  metadata: {
    name: string;
    namespace: string;
    labels?: Record<string, string>;
    annotations: Record<string, string>;
    ownerReferences: Array<{ apiVersion: 'batch/v1'; kind: 'CronJob'; name: string; uid: string; controller: true }>;
  };
  spec: object;
}

export const MANUAL_ANNOTATION = 'cronjob.kubernetes.io/instantiate';

export function jobFromCronJob(cronJob: CronJobShape, name: string): ManualJob {
  const { name: cronJobName, namespace, uid } = cronJob.metadata ?? {};
  const template = cronJob.spec?.jobTemplate;
  if (!cronJobName || !namespace || !uid || !template?.spec) throw new Error('the CronJob has no name, namespace, uid or jobTemplate');
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name,
      namespace,
      ...(template.metadata?.labels && { labels: template.metadata.labels }),
      annotations: { [MANUAL_ANNOTATION]: 'manual', ...template.metadata?.annotations },
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: cronJobName, uid, controller: true }],
    },
    spec: template.spec,
  };
}

/** The Job's pods carry its name in a label: 63 characters at most. */
const MAX_JOB_NAME = 63;

/**
 * `<cronjob>-YYYYMMDD-HHMM` as the runbook's `$(date +%Y%m%d-%H%M)` writes it (in UTC: memdash's server and its
 * operators may sit in different zones), `-2`, `-3`… when a run of that minute exists already.
 */
export function manualJobName(cronJob: string, now: Date, taken: ReadonlySet<string>): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const minute = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}-${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}`;
  const base = `${cronJob.slice(0, MAX_JOB_NAME - minute.length - 4).replace(/[-.]+$/, '')}-${minute}`;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The fields of a Job that say whose run it is and whether it has ended. */
export interface RunJobShape {
  metadata?: { name?: string; ownerReferences?: Array<{ kind?: string; uid?: string; controller?: boolean }> };
  status?: { conditions?: Array<{ type?: string; status?: string }> };
}

/**
 * The names of the CronJob's runs that have not finished: the Jobs it controls (its scheduled ones, and manual ones
 * made as `kubectl create job --from` makes them) without a Complete or Failed condition, as the CronJob controller
 * counts a Job finished. Matched by uid: a Job naming the CronJob in an ownerReference of its own making is not its run.
 */
export function activeRunsOf(cronJobUid: string, jobs: readonly RunJobShape[]): string[] {
  const controlled = (j: RunJobShape) =>
    j.metadata?.ownerReferences?.some((o) => o.controller === true && o.kind === 'CronJob' && o.uid === cronJobUid) ?? false;
  const finished = (j: RunJobShape) =>
    j.status?.conditions?.some((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True') ?? false;
  return jobs.filter((j) => controlled(j) && !finished(j)).map((j) => j.metadata?.name ?? '');
}

/** Why a run is not started while `active` run: the CronJob's `concurrencyPolicy: Forbid`, said for a person. */
export function runningRefusal(cronJob: string, active: readonly string[]): string {
  const jobs = active.length === 1 ? `Job ${active[0]}` : `Jobs ${active.join(', ')}`;
  return `A run of the snapshot is running (${jobs}): a new run starts only after it ends, as CronJob ${cronJob}'s concurrencyPolicy: Forbid would have it`;
}
