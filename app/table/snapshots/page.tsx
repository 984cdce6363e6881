import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ErrorState';
import { ImportTable } from '@/components/ImportTable';
import { Time } from '@/components/Time';
import { registrationChanges } from '@/lib/domain';
import { historyDb } from '@/lib/history';
import { listRegistrationObservations } from '@/lib/history/observations';
import { listGaps, listSnapshots } from '@/lib/history/reads';
import { attempt } from '@/lib/views/part';

export const metadata: Metadata = { title: 'Table versions · memdash' };

/** Every recorded version of the table with the job's counts, and the registration's recorded gaps. */
export default async function SnapshotsPage() {
  await connection();
  const now = new Date();
  const read = await attempt(async () => {
    const db = await historyDb();
    const [snapshots, gaps, changes] = await Promise.all([listSnapshots(db), listGaps(db), listRegistrationObservations(db).then(registrationChanges)]);
    return { snapshots, gaps, changes };
  });
  if (!read.ok) return <ErrorState error={read.error} title="The history store cannot be read" />;
  const { snapshots, gaps, changes } = read.value;
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold">Recorded versions of the table</h1>
      {snapshots.length === 0 && <p>No version recorded yet: the recorder stores the table when the server starts and each time it changes.</p>}
      <table className="w-full border-collapse bg-white text-sm" data-testid="snapshots">
        <thead>
          <tr className="border-b text-left">
            <th className="p-1">In force from</th>
            <th className="p-1">Source</th>
            <th className="p-1 text-right">Rows</th>
            <th className="p-1 text-right">New</th>
            <th className="p-1 text-right">Gone</th>
            <th className="p-1 text-right">Changed</th>
            <th className="p-1">Compare</th>
          </tr>
        </thead>
        <tbody>
          {snapshots.map((v, i) => (
            <tr key={v.id} className="border-b" data-testid="snapshot" data-version={v.id}>
              <td className="p-1"><Time at={v.inForceFrom} now={now} /></td>
              <td className="p-1">{v.source === 'import' ? `imported (${v.label})` : v.rows === 0 ? 'recorded: no data' : 'recorded'}</td>
              <td className="p-1 text-right font-mono">{v.rows}</td>
              <td className="p-1 text-right font-mono">{v.counts?.new ?? '—'}</td>
              <td className="p-1 text-right font-mono">{v.counts?.gone ?? '—'}</td>
              <td className="p-1 text-right font-mono">{v.counts?.changed ?? '—'}</td>
              <td className="p-1">{snapshots[i + 1] && <Link href={`/table/diff?from=${snapshots[i + 1]!.id}&to=${v.id}`}>diff with the one before</Link>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ImportTable />
      <section className="rounded border border-zinc-200 bg-white p-3" data-testid="registration-history">
        <h2 className="font-semibold">The pod webhook's registration, as recorded</h2>
        <ul className="list-disc pl-5 text-sm">
          {gaps.map((g) => (
            <li key={g.from} data-testid="gap">
              absent from <span className="font-mono">{g.from}</span> {g.to ? <>until <span className="font-mono">{g.to}</span></> : <strong>and still absent</strong>}
              {g.since && g.since !== g.from && <> (it may have gone as early as <span className="font-mono">{g.since}</span>, while memdash was not watching)</>}
              {g.since === null && <> (already absent when memdash first looked: it went earlier)</>}
            </li>
          ))}
          {changes.map((c) => (
            <li key={`${c.at}-${c.change}`} className="text-zinc-700">
              <span className="font-mono">{c.at}</span>: {c.change}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
