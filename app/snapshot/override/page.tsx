import type { Metadata } from 'next';
import { Link } from '@/components/ui/Link';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ErrorState';
import { OverrideTheGuard } from '@/components/snapshot/OverrideTheGuard';
import { settings } from '@/lib/config';
import { overrideCommands, savedTableFileName } from '@/lib/domain/write-commands';
import { failureOf } from '@/lib/http/errors';
import { readSnapshotRunList } from '@/lib/views/snapshot-run';
import type { SnapshotRunSummary } from '@/lib/views/snapshot-run-types';

export const metadata: Metadata = { title: 'Override the guard · memdash' };

/** The runbook's "Making it take a table its guard refuses", offered only after a "fewer than half" refusal. */
export default async function OverridePage() {
  await connection();
  const s = settings();
  let last: SnapshotRunSummary | undefined;
  try {
    last = (await readSnapshotRunList(1)).runs[0];
  } catch (err) {
    return <ErrorState error={failureOf(err)} />;
  }
  const offered = last?.result.kind === 'refusal' && last.result.overridable;
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">Override the snapshot&apos;s guard</h1>
      {last && (
        <p data-testid="last-run">
          The last run,{' '}
          <Link href={`/snapshot/runs/${encodeURIComponent(last.job)}`} className="font-mono">
            {last.job}
          </Link>
          ,{' '}
          {last.result.kind === 'refusal' ? (
            <>
              refused: <span className="font-mono">{last.result.reason}</span>
            </>
          ) : (
            `did not refuse (${last.result.kind === 'unknown' ? last.state : last.result.kind})`
          )}
          .
        </p>
      )}
      {offered ? (
        <OverrideTheGuard
          namespace={s.kyvernoNamespace}
          table={s.tableConfigMap}
          commands={overrideCommands(s, savedTableFileName(s.tableConfigMap, new Date()))}
        />
      ) : (
        <p className="rounded border border-zinc-300 bg-white p-3" data-testid="override-not-offered">
          Not offered: only a &quot;fewer than half&quot; refusal of the last run can be overridden; an empty result is never written.{' '}
          <Link href="/snapshot/runs">Snapshot runs</Link>
        </p>
      )}
    </div>
  );
}
