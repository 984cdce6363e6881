import type { OwnerRef } from './types';

// Kyverno's namespace holds Jobs of its own (the cleanup CronJobs' runs, Helm hooks) beside the snapshot's: only a
// Job whose controller is the snapshot CronJob is a run. The CronJob controller's runs and `kubectl create job
// --from=cronjob/…` (memdash's "run now") both carry that controller ownerReference.

/** Whether the Job is a run of the CronJob named `cronJob`: that CronJob (batch/v1) is its controller. */
export function isRunOf(job: { metadata?: { ownerReferences?: OwnerRef[] } }, cronJob: string): boolean {
  return (job.metadata?.ownerReferences ?? []).some(
    (o) => o.controller === true && o.apiVersion === 'batch/v1' && o.kind === 'CronJob' && o.name === cronJob,
  );
}
