import type { Metadata } from 'next';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ErrorState';
import { failureOf } from '@/lib/http/errors';
import { readAuditLog } from '@/lib/views/audit';
import type { AuditLog } from '@/lib/views/audit-types';

export const metadata: Metadata = { title: 'Audit · memdash' };

const OUTCOME_CLASS = { success: 'text-green-800', refused: 'text-amber-800', failure: 'text-red-800' } as const;

/** Every write memdash was asked to make: who, what, which target, the outcome and the cluster's words. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection();
  let log: AuditLog;
  try {
    log = await readAuditLog(await searchParams);
  } catch (err) {
    return <ErrorState error={failureOf(err)} />;
  }
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">Audit log</h1>
      <p className="text-zinc-700">
        One record per write attempt that reached memdash&apos;s guard, refused ones included. Never a credential.
      </p>
      <form method="get" className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col">
          Action
          <select name="action" defaultValue={log.filter.action ?? ''} className="rounded border px-2 py-1">
            <option value="">any</option>
            {log.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          Outcome
          <select name="outcome" defaultValue={log.filter.outcome ?? ''} className="rounded border px-2 py-1">
            <option value="">any</option>
            <option value="success">success</option>
            <option value="refused">refused</option>
            <option value="failure">failure</option>
          </select>
        </label>
        <button className="rounded border bg-zinc-100 px-3 py-1">Filter</button>
      </form>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left" data-testid="audit-records">
          <thead>
            <tr className="border-b border-zinc-300 text-zinc-600">
              <th className="py-1 pr-2">Time (UTC)</th>
              <th className="py-1 pr-2">Who</th>
              <th className="py-1 pr-2">Action</th>
              <th className="py-1 pr-2">Target</th>
              <th className="py-1 pr-2">Outcome</th>
              <th className="py-1">The cluster&apos;s answer</th>
            </tr>
          </thead>
          <tbody>
            {log.records.map((r, i) => (
              <tr
                key={`${r.at}-${i}`}
                className="border-b border-zinc-200 align-top"
                data-testid="audit-record"
                data-action={r.action}
                data-outcome={r.outcome}
              >
                <td className="py-1 pr-2 font-mono text-xs whitespace-nowrap">{r.at}</td>
                <td className="py-1 pr-2 font-mono">{r.actor}</td>
                <td className="py-1 pr-2 font-mono">{r.action}</td>
                <td className="py-1 pr-2 font-mono break-all">{r.target}</td>
                <td className={`py-1 pr-2 font-semibold ${OUTCOME_CLASS[r.outcome]}`}>{r.outcome}</td>
                <td className="py-1 break-words">{r.detail}</td>
              </tr>
            ))}
            {log.records.length === 0 && (
              <tr>
                <td colSpan={6} className="py-2 text-zinc-600">
                  No records{log.filter.action || log.filter.outcome ? ' match the filter' : ' yet'}.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
