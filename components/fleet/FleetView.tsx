'use client';

import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/ui/Card';
import { ErrorBox } from '@/components/ui/ErrorBox';
import { Link } from '@/components/ui/Link';
import { Table, HeadRow, Row, Td, Th } from '@/components/ui/Table';
import { Tag } from '@/components/ui/Tag';
import type { Tone } from '@/components/ui/tone';
import { fetchJson, queryKeys } from '@/lib/client/query';
import type { FleetRowView, FleetView as Fleet } from '@/lib/views/fleet-types';
import { fleetCells, homeHref, SEVERITY_TONE, SEVERITY_WORDS, type FleetCell } from './cells';

/** GET /api/fleet: the rows this page polls. */
export const FLEET_API = '/api/fleet';
/** How often the rows are read again: each cluster's row is read within its own few seconds. */
export const FLEET_EVERY_MS = 10_000;

/**
 * Every cluster the person sees, worst first: a table on a desktop, a card per cluster on a phone. Read again every
 * 10 s; a read that failed keeps the last rows and says so above them.
 */
export function FleetView({ initial }: { initial: Fleet }) {
  const read = useQuery({
    queryKey: queryKeys.fleet(),
    queryFn: ({ signal }) => fetchJson<Fleet>(FLEET_API, signal),
    initialData: initial,
    refetchInterval: FLEET_EVERY_MS,
    retry: false,
  });
  const fleet = read.data;
  const now = new Date(fleet.readAt);
  if (fleet.rows.length === 0)
    return <Card data-testid="fleet-empty">There is no cluster here whose pods, table or Kyverno&apos;s logs you may read.</Card>;
  return (
    <div className="space-y-3" data-testid="fleet" data-read-at={fleet.readAt}>
      {read.error && (
        <ErrorBox compact data-testid="fleet-stale">
          The rows could not be read again ({read.error.message}): these are from <span className="font-mono">{fleet.readAt}</span>.
        </ErrorBox>
      )}
      <div className="hidden md:block">
        <FleetTable rows={fleet.rows} now={now} />
      </div>
      <ul className="space-y-2 md:hidden" data-testid="fleet-cards">
        {fleet.rows.map((row) => (
          <FleetCard key={row.cluster} row={row} now={now} />
        ))}
      </ul>
    </div>
  );
}

const LABELS = ['Cluster', 'API server', 'Pod creation', 'Kyverno', 'Policy', 'Table', 'Last run', 'Drift', 'OOM kills 24 h', 'Incident'];

function FleetTable({ rows, now }: { rows: FleetRowView[]; now: Date }) {
  return (
    <Table data-testid="fleet-table">
      <thead>
        <HeadRow>
          {LABELS.map((label) => (
            <Th key={label}>{label}</Th>
          ))}
        </HeadRow>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Row key={row.cluster} data-testid="fleet-row" data-cluster={row.cluster} data-severity={row.severity}>
            <Td>
              <ClusterName row={row} />
            </Td>
            {fleetCells(row, now).map((cell) => (
              <Td key={cell.key} data-cell={cell.key}>
                <CellLink cell={cell} />
              </Td>
            ))}
          </Row>
        ))}
      </tbody>
    </Table>
  );
}

function FleetCard({ row, now }: { row: FleetRowView; now: Date }) {
  return (
    <Card as="li" compact data-testid="fleet-card" data-cluster={row.cluster} data-severity={row.severity}>
      <ClusterName row={row} />
      <dl className="mt-1 grid grid-cols-[7rem_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-sm">
        {fleetCells(row, now).map((cell) => (
          <div key={cell.key} className="contents" data-cell={cell.key}>
            <dt className="text-zinc-600">{cell.label}</dt>
            <dd className="break-words">
              <CellLink cell={cell} />
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function ClusterName({ row }: { row: FleetRowView }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Link href={homeHref(row.cluster)} className="font-mono font-semibold">
        {row.cluster}
      </Link>
      <Tag tone={SEVERITY_TONE[row.severity]} data-testid="fleet-severity">
        {SEVERITY_WORDS[row.severity]}
      </Tag>
    </span>
  );
}

// Links take the link colour from the global style, so a cell's tone is marked important (as the header's state is).
const LINK_TONE: Record<Tone, string> = {
  good: 'text-green-800!',
  warn: 'font-semibold text-amber-800!',
  bad: 'font-semibold text-red-800!',
  plain: '',
};

function CellLink({ cell }: { cell: FleetCell }) {
  return (
    <Link href={cell.href} className={LINK_TONE[cell.tone]} title={cell.title} data-tone={cell.tone}>
      {cell.text}
    </Link>
  );
}
