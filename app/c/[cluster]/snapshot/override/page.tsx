import type { Metadata } from 'next';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ui/ErrorState';
import { OverrideTheGuard } from '@/components/snapshot/OverrideTheGuard';
import { overrideCommands, savedTableFileName } from '@/lib/domain/write-commands';
import { failureOf } from '@/lib/errors';
import { readSnapshotRunList, requireRun } from '@/lib/views/snapshot-run';
import type { SnapshotRunSummary } from '@/lib/views/snapshot-run-types';
import { tableShownForOverride } from '@/lib/views/table-override';
import type { TableShown } from '@/lib/views/table-write-types';
import { clusterOfPage } from '@/lib/http/cluster';
import { rightsOfPage } from '@/lib/http/viewer';
import { ClusterLink } from '@/components/shell/ClusterName';

export const metadata: Metadata = { title: 'Override the guard · memdash' };

/** The runbook's "Making it take a table its guard refuses", offered only after a "fewer than half" refusal. */
export default async function OverridePage({ params }: { params: Promise<{ cluster: string }> }) {
  const cluster = clusterOfPage(await params);
  await connection();
  const s = cluster.facts;
  let last: SnapshotRunSummary | undefined;
  let shown: TableShown | null;
  try {
    requireRun(cluster, await rightsOfPage());
    [last, shown] = await Promise.all([readSnapshotRunList(cluster, 1).then((list) => list.runs[0]), tableShownForOverride(cluster)]);
  } catch (err) {
    return <ErrorState error={failureOf(err)} page />;
  }
  const offered = last?.result.kind === 'refusal' && last.result.overridable;
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">Override the snapshot&apos;s guard</h1>
      {last && (
        <p data-testid="last-run">
          The last run,{' '}
          <ClusterLink href={`/snapshot/runs/${encodeURIComponent(last.job)}`} className="font-mono">
            {last.job}
          </ClusterLink>
          ,{' '}
          {last.result.kind === 'refusal' ? (
            <>
              refused: <span className="font-mono">{last.result.reason}</span>
            </>
          ) : (
            `did not refuse (${last.result.kind === 'unknown' ? last.state : last.result.kind})`
          )}
          .
        </p>
      )}
      {offered && shown ? (
        <OverrideTheGuard
          namespace={s.kyvernoNamespace}
          table={s.tableConfigMap}
          commands={overrideCommands(s, savedTableFileName(s.tableConfigMap, new Date()))}
          shown={shown}
          running={last?.state === 'running' ? last.job : null}
        />
      ) : (
        <p className="rounded border border-zinc-300 bg-white p-3" data-testid="override-not-offered">
          {offered
            ? `Not offered: ConfigMap ${s.kyvernoNamespace}/${s.tableConfigMap} does not exist.`
            : 'Not offered: only a "fewer than half" refusal of the last run can be overridden; an empty result is never written.'}{' '}
          <ClusterLink href="/snapshot/runs">Snapshot runs</ClusterLink>
        </p>
      )}
    </div>
  );
}
