import { countOf, readableTime, toDate } from '@/lib/domain';
import type { Metadata } from 'next';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ui/ErrorState';
import { RestoreTable, type VersionChoice } from '@/components/table/RestoreTable';
import type { Cluster } from '@/lib/cluster/cluster';
import { failureOf } from '@/lib/errors';
import { listVersions } from '@/lib/history/store';
import { clusterOfPage } from '@/lib/http/cluster';
import { rightsOfPage, requireTable } from '@/lib/http/viewer';
import { readTable } from '@/lib/k8s/table';
import { attempt } from '@/lib/views/part';
import { ClusterLink } from '@/components/shell/ClusterName';

export const metadata: Metadata = { title: 'Restore a saved table · memdash' };

/** The runbook's "To put the saved table back", from a recorded version or an uploaded saved file. */
export default async function RestorePage({ params }: { params: Promise<{ cluster: string }> }) {
  const cluster = clusterOfPage(await params);
  await connection();
  const s = cluster.facts;
  let versions: VersionChoice[];
  try {
    requireTable(cluster, await rightsOfPage());
    versions = (await listVersions(await cluster.history()))
      .filter((v) => v.rows > 0)
      .reverse()
      .map((v) => ({
        id: v.id,
        text: `#${v.id} · ${readableTime(toDate(v.inForceFrom) ?? new Date(0))} · ${countOf(v.rows, 'row')}${v.label ? ` · ${v.label}` : ''}`,
        imported: v.source === 'import',
      }));
  } catch (err) {
    return <ErrorState error={failureOf(err)} page />;
  }
  const noVersions = versions.length === 0 ? await whyNoVersion(cluster) : null;
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">Restore a saved table</h1>
      <p className="text-zinc-700">
        Puts a saved table back into{' '}
        <span className="font-mono">
          {s.kyvernoNamespace}/{s.tableConfigMap}
        </span>
        : first what it changes, then a merge patch of its data. <ClusterLink href="/table">Today&apos;s table</ClusterLink> ·{' '}
        <ClusterLink href="/table/snapshots">Recorded versions</ClusterLink>
      </p>
      <RestoreTable
        namespace={s.kyvernoNamespace}
        table={s.tableConfigMap}
        versions={versions}
        noVersions={noVersions}
        commandSettings={{
          kubectl: s.kubectl,
          kyvernoNamespace: s.kyvernoNamespace,
          tableConfigMap: s.tableConfigMap,
          snapshotCronJob: s.snapshotCronJob,
        }}
      />
    </div>
  );
}

/**
 * Why the history holds no version to offer: an empty picker reads as "nothing to restore", while most often the
 * recorder has not been able to read the table (the cluster did not answer), which is the news.
 */
async function whyNoVersion(cluster: Cluster): Promise<string> {
  const table = await attempt(() => readTable(cluster));
  if (!table.ok)
    return `No version of the table is recorded, and memdash cannot read the table now: ${table.error.message}. Restore from a saved file, or come back once the cluster answers.`;
  return 'No version of the table is recorded yet: the recorder records each version it reads (none with MEMDASH_RECORDER=off). Restore from a saved file.';
}
