import Link from 'next/link';
import type { RowChange, TableDiff } from '@/lib/domain';

/** Rows changed (old → new, Δ MiB, Δ %), new and gone, biggest changes first. */
export function DiffTables({ diff }: { diff: TableDiff }) {
  return (
    <div className="space-y-4">
      <ChangeList title="Changed" kind="changed" changes={diff.changed} />
      <ChangeList title="New" kind="new" changes={diff.added} />
      <ChangeList title="Gone" kind="gone" changes={diff.gone} />
    </div>
  );
}

function ChangeList({ title, kind, changes }: { title: string; kind: string; changes: RowChange[] }) {
  return (
    <section data-testid={`diff-${kind}`}>
      <h2 className="font-semibold">
        {title} <span className="text-zinc-500">({changes.length})</span>
      </h2>
      {changes.length > 0 && (
        <table className="w-full border-collapse bg-white text-sm">
          <thead>
            <tr className="border-b text-left">
              <th className="p-1">Row key</th>
              <th className="p-1 text-right">Old</th>
              <th className="p-1 text-right">New</th>
              <th className="p-1 text-right">Δ MiB</th>
              <th className="p-1 text-right">Δ %</th>
            </tr>
          </thead>
          <tbody>
            {changes.slice(0, 2000).map((c) => (
              <tr key={c.key} className="border-b" data-testid="diff-row" data-key={c.key}>
                <td className="p-1 font-mono">
                  {c.workload ? <Link href={`/workloads/${c.namespace}/${c.workload}`}>{c.key}</Link> : c.key}
                </td>
                <td className="p-1 text-right font-mono">{c.fromValue ?? '—'}</td>
                <td className="p-1 text-right font-mono">{c.toValue ?? '—'}</td>
                <td className={`p-1 text-right font-mono ${tone(c.deltaMi)}`}>{c.deltaMi === null ? '' : signed(c.deltaMi)}</td>
                <td className={`p-1 text-right font-mono ${tone(c.deltaMi)}`}>{c.deltaPercent === null ? '' : `${signed(Number(c.deltaPercent.toFixed(1)))}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {changes.length > 2000 && <p className="text-sm text-zinc-600">The first 2,000 of {changes.length}; the export has all of them.</p>}
    </section>
  );
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function tone(delta: number | null): string {
  return delta === null || delta === 0 ? '' : delta > 0 ? 'text-red-800' : 'text-green-800';
}
