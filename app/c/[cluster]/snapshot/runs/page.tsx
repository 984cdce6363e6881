import { countOf, formatCount } from '@/lib/domain';
import type { Metadata } from 'next';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ui/ErrorState';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { RunSnapshotNow } from '@/components/snapshot/RunSnapshotNow';
import type { SnapshotResult } from '@/lib/domain/snapshot-result';
import { snapshotRunCommands } from '@/lib/domain/write-commands';
import { readSnapshotRunList } from '@/lib/views/snapshot-run';
import { attempt } from '@/lib/views/part';
import { readSnapshotSchedule } from '@/lib/views/snapshot-schedule';
import { SnapshotSchedule } from '@/components/snapshot/SnapshotSchedule';
import { Card } from '@/components/ui/Card';
import { Tag } from '@/components/ui/Tag';
import type { SnapshotRunList } from '@/lib/views/snapshot-run-types';
import { Time } from '@/components/ui/Time';
import { clusterOfPage } from '@/lib/http/cluster';
import { rightsOfPage, requireSnapshotRuns } from '@/lib/http/viewer';
import { ClusterLink } from '@/components/shell/ClusterName';

export const metadata: Metadata = { title: 'Snapshot runs · memdash' };

/** The snapshot's recent runs, scheduled and manual, with what each ended with; and running it by hand. */
export default async function SnapshotRunsPage({ params }: { params: Promise<{ cluster: string }> }) {
  const cluster = clusterOfPage(await params);
  await connection();
  const s = cluster.facts;
  const now = new Date();
  // A failed read of the runs still leaves the button: running the snapshot does not need the list.
  // the schedule's last runs and the runs' outcomes are the snapshot Jobs': for those who may read their logs
  const rights = await rightsOfPage();
  const mayRead = () => requireSnapshotRuns(cluster, rights);
  const [schedule, runs] = await Promise.all([
    attempt(() => (mayRead(), readSnapshotSchedule(cluster, now))),
    attempt(() => (mayRead(), readSnapshotRunList(cluster))),
  ]);
  const list = runs.ok ? runs.value : null;
  const last = list?.runs[0];
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold">
        Snapshot runs{' '}
        <span className="font-mono text-zinc-600">
          {s.kyvernoNamespace}/{s.snapshotCronJob}
        </span>
      </h1>
      {last?.result.kind === 'refusal' && last.result.overridable && (
        <p className="rounded border border-amber-400 bg-amber-50 p-2" data-testid="override-offer">
          The last run refused: <span className="font-mono">{last.result.reason}</span>.{' '}
          <ClusterLink href="/snapshot/override">Override the guard</ClusterLink>
        </p>
      )}
      <Card>
        <h2 className="font-semibold">When it runs</h2>
        {schedule.ok ? (
          <SnapshotSchedule view={schedule.value} now={now} />
        ) : (
          <ErrorState error={schedule.error} title="The CronJob could not be read" />
        )}
      </Card>
      {!runs.ok && <ErrorState error={runs.error} title="The runs could not be read" />}
      {list && <RunsTable list={list} />}
      <RunSnapshotNow namespace={s.kyvernoNamespace} cronJob={s.snapshotCronJob} commands={snapshotRunCommands(s)} />
    </div>
  );
}

function RunsTable({ list }: { list: SnapshotRunList }) {
  return (
    <Table data-testid="snapshot-runs">
      <thead>
        <HeadRow>
          <Th>Run</Th>
          <Th>Created</Th>
          <Th className="hidden sm:table-cell">How</Th>
          <Th className="hidden sm:table-cell">Tries</Th>
          <Th>Outcome</Th>
        </HeadRow>
      </thead>
      <tbody>
        {list.runs.map((r) => (
          <Row key={r.job} className="align-top" data-testid="snapshot-run-row">
            {/* a phone has room for the name, when and outcome: how it started goes under the name */}
            <Td className="min-w-36 font-mono [overflow-wrap:anywhere]">
              <ClusterLink href={`/snapshot/runs/${encodeURIComponent(r.job)}`}>{r.job}</ClusterLink>
              <span className="block font-sans text-xs text-zinc-600 sm:hidden">{r.manual ? 'manual' : 'scheduled'}</span>
            </Td>
            <Td className="font-mono text-xs">
              <Time at={r.createdAt} />
            </Td>
            <Td className="hidden sm:table-cell">{r.manual ? 'manual' : 'scheduled'}</Td>
            <Td className="hidden sm:table-cell">{r.tries}</Td>
            <Td data-outcome={r.result.kind}>
              {r.state === 'running' && r.result.kind === 'unknown' ? 'running' : outcomeText(r.result)}
              {r.result.kind === 'success' && r.result.gone > 0 && (
                <>
                  {' '}
                  <Tag tone="warn" data-testid="rows-gone">
                    {countOf(r.result.gone, 'row')} gone
                  </Tag>
                </>
              )}
            </Td>
          </Row>
        ))}
        {list.runs.length === 0 && (
          <Row>
            <Td colSpan={5} className="text-zinc-600">
              No runs of the CronJob are kept in the cluster.
            </Td>
          </Row>
        )}
      </tbody>
    </Table>
  );
}

function outcomeText(result: SnapshotResult): string {
  if (result.kind === 'success')
    return `wrote: ${countOf(result.rows, 'row')}, ${formatCount(result.new)} new, ${formatCount(result.gone)} gone`;
  if (result.kind === 'refusal') return `refused: ${result.reason}`;
  if (result.kind === 'failed') return `failed: ${result.traceback.split('\n').at(-1)}`;
  return result.lastLine ? `no result (${result.lastLine})` : 'no result';
}
