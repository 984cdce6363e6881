import type { Metadata } from 'next';
import { Link } from '@/components/ui/Link';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ui/ErrorState';
import { ImportTable } from '@/components/table/ImportTable';
import { Time } from '@/components/ui/Time';
import { registrationChanges, formatCount } from '@/lib/domain';
import { clusterOfPage } from '@/lib/http/cluster';
import { listRegistrationObservations } from '@/lib/history/observations';
import { listGaps, listSnapshots, type SnapshotEntry } from '@/lib/history/reads';
import { attempt } from '@/lib/views/part';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { Card } from '@/components/ui/Card';
import { diffPath } from '@/lib/routes';
import { ClusterLink } from '@/components/shell/ClusterName';
import { rightsOfPage, requireTable } from '@/lib/http/viewer';

export const metadata: Metadata = { title: 'Table versions · memdash' };

/** Every recorded version of the table with the job's counts, and the registration's recorded gaps. */
export default async function SnapshotsPage({ params }: { params: Promise<{ cluster: string }> }) {
  const cluster = clusterOfPage(await params);
  await connection();
  const now = new Date();
  const s = cluster.facts;
  const read = await attempt(async () => {
    requireTable(cluster, await rightsOfPage());
    const db = await cluster.history();
    const [snapshots, gaps, changes] = await Promise.all([
      listSnapshots(db),
      listGaps(db),
      listRegistrationObservations(db).then(registrationChanges),
    ]);
    return { snapshots, gaps, changes };
  });
  if (!read.ok) {
    // withheld is not the store failing: its own title says so
    const title = read.error.code === 'withheld' ? undefined : 'The history store cannot be read';
    return <ErrorState error={read.error} title={title} page />;
  }
  const { snapshots, gaps, changes } = read.value;
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold">Recorded versions of the table</h1>
      <p className="text-sm text-zinc-600">
        What the recorder saw the table go through, newest first; each is compared with the recorded one before it.{' '}
        <Link href="#imported">Imported saved tables</Link> are listed apart, below.
      </p>
      {snapshots.length === 0 && (
        <p>No version recorded yet: the recorder stores the table when the server starts and each time it changes.</p>
      )}
      <VersionsTable versions={snapshots.filter((v) => v.source === 'watch')} now={now} testId="snapshots" />
      <h2 className="font-semibold" id="imported">
        Imported saved tables (not recorded by memdash)
      </h2>
      <p className="text-sm text-zinc-600">
        Files of the table brought into the history: uploaded with a write credential, or saved by an override just before it emptied the
        table. Dated by the file or by whoever imported them, they explain only pods created before memdash&apos;s first recorded version,
        and never outrank one.
      </p>
      <VersionsTable versions={snapshots.filter((v) => v.source === 'import')} now={now} testId="imported-versions" />
      <ImportTable namespace={s.kyvernoNamespace} table={s.tableConfigMap} />
      <Card data-testid="registration-history">
        <h2 className="font-semibold">The pod webhook's registration, as recorded</h2>
        <ul className="list-disc pl-5 text-sm">
          {gaps.map((g) => (
            <li key={g.from} data-testid="gap">
              absent from <Time at={g.from} />{' '}
              {g.to ? (
                <>
                  until <Time at={g.to} />
                </>
              ) : (
                <strong>and still absent</strong>
              )}
              {g.since && g.since !== g.from && (
                <>
                  {' '}
                  (it may have gone as early as <Time at={g.since} />, while memdash was not watching)
                </>
              )}
              {g.since === null && <> (already absent when memdash first looked: it went earlier)</>}
            </li>
          ))}
          {changes.map((c) => (
            <li key={`${c.at}-${c.change}`} className="text-zinc-700">
              <Time at={c.at} />: {c.change}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

/** One group of versions (recorded, or imported), newest first, each with its counts against the one it follows. */
function VersionsTable({ versions, now, testId }: { versions: SnapshotEntry[]; now: Date; testId: string }) {
  return (
    <Table data-testid={testId}>
      <thead>
        <HeadRow>
          <Th>In force from</Th>
          <Th>Source</Th>
          <Th className="text-right">Rows</Th>
          <Th className="text-right">New</Th>
          <Th className="text-right">Gone</Th>
          <Th className="text-right">Changed</Th>
          <Th>Compare</Th>
        </HeadRow>
      </thead>
      <tbody>
        {versions.map((v) => (
          <Row key={v.id} data-testid="snapshot" data-version={v.id} data-source={v.source}>
            <Td>
              <Time at={v.inForceFrom} now={now} />
            </Td>
            <Td>{v.source === 'import' ? `imported (${v.label})` : v.rows === 0 ? 'recorded: no data' : 'recorded'}</Td>
            <Td className="text-right font-mono">{formatCount(v.rows)}</Td>
            <Td className="text-right font-mono">{v.counts?.new ?? '—'}</Td>
            <Td className="text-right font-mono">{v.counts?.gone ?? '—'}</Td>
            <Td className="text-right font-mono">{v.counts?.changed ?? '—'}</Td>
            <Td>{v.before !== null && <ClusterLink href={diffPath(v.before, v.id)}>diff with the one before</ClusterLink>}</Td>
          </Row>
        ))}
      </tbody>
    </Table>
  );
}
