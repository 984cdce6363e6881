import type { Metadata } from 'next';
import { connection } from 'next/server';
import { SnapshotPreviewView } from '@/components/preview/SnapshotPreviewView';
import { ErrorState } from '@/components/ui/ErrorState';
import { clusterOfPage } from '@/lib/http/cluster';
import { rightsOfPage, requireTable } from '@/lib/http/viewer';
import { attempt } from '@/lib/views/part';
import { ClusterLink } from '@/components/shell/ClusterName';

export const metadata: Metadata = { title: 'Preview the next table · memdash' };

/** What the snapshot job would write now, and whether its guard would let it: computed, never written. */
export default async function PreviewPage({ params }: { params: Promise<{ cluster: string }> }) {
  const cluster = clusterOfPage(await params);
  await connection();
  const s = cluster.facts;
  const allowed = await attempt(async () => requireTable(cluster, await rightsOfPage()));
  if (!allowed.ok) return <ErrorState error={allowed.error} page />;
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">Preview of the next table</h1>
      <p className="text-zinc-700">
        Computed as the snapshot job{' '}
        <span className="font-mono">
          {s.kyvernoNamespace}/{s.snapshotCronJob}
        </span>{' '}
        computes it: {s.snapshotWindowDays} days of <span className="font-mono">{s.snapshotMetric}</span> at a {s.snapshotStepSeconds} s
        step, every pod of a workload pooled, each container&apos;s p90 in whole MiB rounded up. Nothing is written.{' '}
        <ClusterLink href="/table">Today&apos;s table</ClusterLink>
      </p>
      <SnapshotPreviewView kubectl={s.kubectl} />
    </div>
  );
}
