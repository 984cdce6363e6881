import { showTime } from '@/lib/domain';
import type { Metadata } from 'next';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ErrorState';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
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
      <Table data-testid="audit-records">
        <thead>
          <HeadRow>
            <Th>Time (UTC)</Th>
            <Th>Who</Th>
            <Th>Action</Th>
            <Th>Target</Th>
            <Th>Outcome</Th>
            <Th>The cluster&apos;s answer</Th>
          </HeadRow>
        </thead>
        <tbody>
          {log.records.map((r, i) => (
            <Row key={`${r.at}-${i}`} className="align-top" data-testid="audit-record" data-action={r.action} data-outcome={r.outcome}>
              <Td className="font-mono text-xs whitespace-nowrap">{showTime(r.at)}</Td>
              <Td className="font-mono">{r.actor}</Td>
              <Td className="font-mono">{r.action}</Td>
              <Td className="font-mono break-all">{r.target}</Td>
              <Td className={`font-semibold ${OUTCOME_CLASS[r.outcome]}`}>{r.outcome}</Td>
              <Td className="break-words">{r.detail}</Td>
            </Row>
          ))}
          {log.records.length === 0 && (
            <Row>
              <Td colSpan={6} className="text-zinc-600">
                No records{log.filter.action || log.filter.outcome ? ' match the filter' : ' yet'}.
              </Td>
            </Row>
          )}
        </tbody>
      </Table>
    </div>
  );
}
