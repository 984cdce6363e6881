'use client';

import { countOf } from '@/lib/domain';
import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/navigation';
import { GuardedAction } from '@/components/write/GuardedAction';
import { postWrite } from '@/lib/client/query';
import type { OverrideBody, OverrideDone, TableShown } from '@/lib/views/table-write-types';
import { clusterHref, snapshotRunHref } from '@/lib/routes';
import { ClusterLink, useClusterName } from '@/components/shell/ClusterName';

interface Props {
  namespace: string;
  table: string;
  commands: string[];
  /** The table this page showed: the override acts on it only (409 when it was written since). */
  shown: TableShown;
  /** A run of the snapshot that has not ended: the override waits for it (the server refuses it meanwhile). */
  running: string | null;
}

/** Save the table (history + download), remove its data, run the snapshot at once, then follow the run. */
export function OverrideTheGuard({ namespace, table, commands, shown, running }: Props) {
  const cluster = useClusterName();
  const router = useRouter();
  return (
    <GuardedAction
      testId="override-the-guard"
      title="Override the guard"
      target={
        <>
          ConfigMap{' '}
          <span className="font-mono">
            {namespace}/{table}
          </span>{' '}
          as shown ({countOf(shown.rows, 'row')}, resourceVersion <span className="font-mono">{shown.resourceVersion}</span>): save it,
          remove its <span className="font-mono">data</span>, then a new Job of the snapshot
        </>
      }
      warning={
        <>
          <p>
            <strong>Until the run writes, every covered pod is admitted untouched.</strong> The workloads the new table lacks get no request
            at their next pod, until a later run measures them.
          </p>
          <p>memdash saves the table first: a version in its history, and a file downloaded by this browser.</p>
        </>
      }
      commands={commands}
      checks={[
        { verb: 'get', group: '', resource: 'configmaps', namespace, name: table },
        { verb: 'patch', group: '', resource: 'configmaps', namespace, name: table },
        { verb: 'create', group: 'batch', resource: 'jobs', namespace },
      ]}
      confirm={table}
      buttonLabel="Save, remove the data and run"
      unavailable={running && `Job ${running} is still running: reload this page once it has ended`}
      run={(credential) =>
        postWrite<OverrideDone>(
          clusterHref(cluster, '/api/table/override'),
          { confirm: table, resourceVersion: shown.resourceVersion } satisfies OverrideBody,
          credential,
        )
      }
      onDone={(done) => {
        download(done.fileName, done.content);
        router.push(snapshotRunHref(cluster, done.job));
      }}
      result={(done) => (
        <>
          Saved <span className="font-mono">{done.fileName}</span> ({countOf(done.rows, 'row')},{' '}
          <ClusterLink href="/table/snapshots">version {done.savedVersion}</ClusterLink>
          ), removed the data, created{' '}
          <Link href={snapshotRunHref(cluster, done.job)} className="font-mono">
            {done.job}
          </Link>
          : following it…
        </>
      )}
    />
  );
}

function download(fileName: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
