import type { Metadata } from 'next';
import { connection } from 'next/server';
import { AuditPager } from '@/components/audit/AuditPager';
import { AuditRecords } from '@/components/audit/AuditRecords';
import { AuditRefusals } from '@/components/audit/AuditRefusals';
import { ErrorState } from '@/components/ui/ErrorState';
import { failureOf } from '@/lib/errors';
import { clusterOfPage } from '@/lib/http/cluster';
import { parseAuditSearch } from '@/lib/http/params';
import { readAuditLog } from '@/lib/views/audit';
import type { AuditLog } from '@/lib/views/audit-types';
import { rightsOfPage, requireAudit } from '@/lib/http/viewer';
import { Button } from '@/components/ui/Button';

export const metadata: Metadata = { title: 'Audit · memdash' };

/** Every write memdash was asked to make: who, what, which target, the outcome and the cluster's words. */
export default async function AuditPage({
  params,
  searchParams,
}: {
  params: Promise<{ cluster: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await connection();
  const cluster = clusterOfPage(await params);
  let log: AuditLog;
  try {
    requireAudit(await rightsOfPage());
    log = await readAuditLog(cluster, parseAuditSearch(await searchParams));
  } catch (err) {
    return <ErrorState error={failureOf(err)} page />;
  }
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">Audit log</h1>
      <p className="text-zinc-700">
        One record per write attempt with a credential, refused ones included; attempts refused before one are counted below. Never a
        credential.
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
        <Button look="grey">Filter</Button>
      </form>
      <AuditRefusals refusals={log.refusals} />
      <AuditRecords log={log} />
      <AuditPager log={log} />
    </div>
  );
}
