import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ui/ErrorState';
import { RunFollower } from '@/components/snapshot/RunFollower';
import { failureOf, isNotThere } from '@/lib/errors';
import { readSnapshotRun, readSnapshotRunList, requireRun, type RunWithLogs } from '@/lib/views/snapshot-run';
import { parseJobName } from '@/lib/http/params';
import { clusterOfPage } from '@/lib/http/cluster';
import { rightsOfPage } from '@/lib/http/viewer';
import { ClusterLink } from '@/components/shell/ClusterName';

export const metadata: Metadata = { title: 'Snapshot run · memdash' };

/** One run of the snapshot, followed live. */
export default async function SnapshotRunPage({ params }: { params: Promise<{ job: string; cluster: string }> }) {
  const segments = await params;
  const cluster = clusterOfPage(segments);
  await connection();
  let found: RunWithLogs;
  let latest: boolean;
  let job: string;
  try {
    requireRun(cluster, await rightsOfPage());
    job = parseJobName(segments.job);
    [found, latest] = await Promise.all([
      readSnapshotRun(cluster, job),
      readSnapshotRunList(cluster, 1).then((l) => l.runs[0]?.job === job),
    ]);
  } catch (err) {
    const error = failureOf(err);
    // not a Job name, or no run of the snapshot by that name (another Job of Kyverno's namespace): a real 404
    if (isNotThere(error)) notFound();
    return <ErrorState error={error} page />;
  }
  const logs = Object.fromEntries(
    [...found.logs].map(([pod, log]) => [pod, log.split('\n').filter((l, i, all) => l !== '' || i < all.length - 1)]),
  );
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">
        Snapshot run <span className="font-mono">{job}</span>
      </h1>
      <p>
        <ClusterLink href="/snapshot/runs">All recent runs</ClusterLink> · <ClusterLink href="/table">Table</ClusterLink>
      </p>
      <RunFollower initial={found.run} initialLogs={logs} latest={latest} />
    </div>
  );
}
