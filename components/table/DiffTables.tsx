import { formatCount, formatPercent, type DiffPage, type RowChange, type TableDiff } from '@/lib/domain';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { workloadPath } from '@/lib/routes';
import { ClusterLink } from '@/components/shell/ClusterName';

type Totals = DiffPage['totals'];

/**
 * Rows gone, changed (old → new, Δ MiB, Δ %) and new, biggest changes first, each list at #diff-<kind> for a count to
 * link to. With `totals` the rows are one page of a longer diff (the page says which), else the first 2,000 of each kind are shown.
 */
export function DiffTables({ diff, totals }: { diff: Pick<TableDiff, 'added' | 'gone' | 'changed'>; totals?: Totals }) {
  return (
    <div className="space-y-4">
      {/* gone first: a workload that loses its row gets no request at its next pod, the news of a long diff */}
      <ChangeList title="Gone" kind="gone" changes={diff.gone} total={totals?.gone} />
      <ChangeList title="Changed" kind="changed" changes={diff.changed} total={totals?.changed} />
      <ChangeList title="New" kind="new" changes={diff.added} total={totals?.added} />
    </div>
  );
}

function ChangeList({ title, kind, changes, total }: { title: string; kind: string; changes: RowChange[]; total?: number }) {
  return (
    <section data-testid={`diff-${kind}`} id={`diff-${kind}`} className="scroll-mt-4">
      <h2 className="font-semibold">
        {title} <span className="text-zinc-500">({formatCount(total ?? changes.length)})</span>
      </h2>
      {changes.length > 0 && (
        <Table>
          <thead>
            <HeadRow>
              <Th>Row key</Th>
              <Th className="text-right">Old</Th>
              <Th className="text-right">New</Th>
              <Th className="text-right">Δ MiB</Th>
              <Th className="text-right">Δ %</Th>
            </HeadRow>
          </thead>
          <tbody>
            {changes.slice(0, 2000).map((c) => (
              <Row key={c.key} data-testid="diff-row" data-key={c.key}>
                <Td className="font-mono">
                  {c.workload ? <ClusterLink href={workloadPath(c.namespace, c.workload)}>{c.key}</ClusterLink> : c.key}
                </Td>
                <Td className="text-right font-mono">{c.fromValue ?? '—'}</Td>
                <Td className="text-right font-mono">{c.toValue ?? '—'}</Td>
                <Td className={`text-right font-mono ${tone(c.deltaMi)}`}>{c.deltaMi === null ? '' : signed(c.deltaMi)}</Td>
                <Td className={`text-right font-mono ${tone(c.deltaMi)}`}>
                  {c.deltaPercent === null ? '' : formatPercent(c.deltaPercent / 100, true)}
                </Td>
              </Row>
            ))}
          </tbody>
        </Table>
      )}
      {total === undefined && changes.length > 2000 && (
        <p className="text-sm text-zinc-600">The first 2,000 of {formatCount(changes.length)}; the export has all of them.</p>
      )}
    </section>
  );
}

function signed(n: number): string {
  return n > 0 ? `+${formatCount(n)}` : formatCount(n);
}

function tone(delta: number | null): string {
  return delta === null || delta === 0 ? '' : delta > 0 ? 'text-red-800' : 'text-green-800';
}
