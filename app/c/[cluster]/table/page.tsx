import type { Metadata } from 'next';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ui/ErrorState';
import { TableRows } from '@/components/table/TableRows';
import { firstTableWindow, namespacesOf, tableFilterOf, viewOf } from '@/components/table/table-filter';
import { rowsOfTable } from '@/lib/views/table-rows';
import { Time } from '@/components/ui/Time';
import { formatCount } from '@/lib/domain';
import { clusterOfPage } from '@/lib/http/cluster';
import { readTable } from '@/lib/k8s/table';
import { attempt } from '@/lib/views/part';
import { rightsOfPage, requireTable } from '@/lib/http/viewer';
import { ErrorText } from '@/components/ui/ErrorText';
import { ClusterLink } from '@/components/shell/ClusterName';

export const metadata: Metadata = { title: 'Table · memdash' };

/** Today's table as Kyverno reads it: every row, the malformed ones flagged. */
interface Props {
  params: Promise<{ cluster: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function TablePage({ params, searchParams }: Props) {
  const cluster = clusterOfPage(await params);
  const initial = tableFilterOf(await searchParams);
  await connection();
  const now = new Date();
  const s = cluster.facts;
  const read = await attempt(async () => {
    requireTable(cluster, await rightsOfPage());
    return readTable(cluster);
  });
  if (!read.ok) {
    return (
      <>
        <h1 className="mb-3 text-lg font-semibold">Table</h1>
        <ErrorState error={read.error} />
      </>
    );
  }
  const table = read.value;
  // Only the first window of rows goes in the page: a production table's every row in its HTML held back its first
  // paint (bench/pages.ts: docs/benchmarks.md).
  const views = rowsOfTable(table.parsed).map(viewOf);
  const { first, matching } = firstTableWindow(views, initial);
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">
        Table{' '}
        <span className="font-mono text-zinc-600">
          {s.kyvernoNamespace}/{s.tableConfigMap}
        </span>
      </h1>
      <p data-testid="table-summary">
        {table.parsed.loaded ? (
          <>
            <strong data-testid="row-count">{formatCount(table.parsed.count)}</strong> rows
            {table.parsed.malformed.length > 0 && (
              <ErrorText as="strong"> and {formatCount(table.parsed.malformed.length)} malformed</ErrorText>
            )}
            , last written <Time at={table.lastWriteAt} now={now} />.
          </>
        ) : (
          <ErrorText as="strong">
            No table: the ConfigMap {table.exists ? 'has no data' : 'does not exist'}; Kyverno admits every covered pod untouched.
          </ErrorText>
        )}{' '}
        <ClusterLink href="/table/snapshots">Recorded versions</ClusterLink> ·{' '}
        <ClusterLink href="/table/diff">What changed last</ClusterLink> ·{' '}
        <ClusterLink href="/table/preview">Preview the next table</ClusterLink> · <ClusterLink href="/workloads">Workloads</ClusterLink> ·{' '}
        <ClusterLink href="/snapshot/runs">Snapshot runs (run it now)</ClusterLink> ·{' '}
        <ClusterLink href="/table/restore">Restore a saved table</ClusterLink>
      </p>
      {table.parsed.malformed.length > 0 && (
        <ul className="rounded border border-red-200 bg-red-50 p-2 text-sm" data-testid="malformed-rows">
          {table.parsed.malformed.map((m) => (
            <li key={m.key}>
              <span className="font-mono">
                {m.key}: {m.value}
              </span>{' '}
              — {m.problem}
            </li>
          ))}
        </ul>
      )}
      <TableRows first={first} matching={matching} total={views.length} namespaces={namespacesOf(views)} initial={initial} />
    </div>
  );
}
