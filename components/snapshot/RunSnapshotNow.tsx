'use client';

import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/navigation';
import { GuardedAction } from '@/components/write/GuardedAction';
import { postWrite } from '@/lib/client/query';
import { clusterHref, snapshotRunHref } from '@/lib/routes';
import { PreviewLine } from './PreviewLine';
import { useClusterName } from '@/components/shell/ClusterName';

/** The runbook's "Refreshing it by hand" as a button: creates the Job from the CronJob, then follows it. */
export function RunSnapshotNow({ namespace, cronJob, commands }: { namespace: string; cronJob: string; commands: string[] }) {
  const cluster = useClusterName();
  const router = useRouter();
  return (
    <GuardedAction
      testId="run-snapshot-now"
      title="Run the snapshot now"
      target={
        <>
          a Job <span className="font-mono">{cronJob}-YYYYMMDD-HHMM</span> (UTC) in <span className="font-mono">{namespace}</span>, from
          CronJob <span className="font-mono">{cronJob}</span>
        </>
      }
      outcome={<PreviewLine />}
      commands={commands}
      checks={[{ verb: 'create', group: 'batch', resource: 'jobs', namespace }]}
      buttonLabel="Run the snapshot now"
      run={(credential) => postWrite<{ job: string }>(clusterHref(cluster, '/api/snapshot/runs'), {}, credential)}
      onDone={({ job }) => router.push(snapshotRunHref(cluster, job))}
      result={({ job }) => (
        <>
          Created Job{' '}
          <Link href={snapshotRunHref(cluster, job)} className="font-mono">
            {job}
          </Link>
          : following it…
        </>
      )}
    />
  );
}
