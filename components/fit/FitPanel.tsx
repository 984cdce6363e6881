import { countOf, type FitReport } from '@/lib/domain';
import type { FitPart, FitSource } from '@/lib/views/next-table-fit-types';
import { Card } from '@/components/ui/Card';
import { ErrorBox } from '@/components/ui/ErrorBox';
import { Time } from '@/components/ui/Time';
import { FitBreaches, FitNodes, FitNowhere, FitQuotas } from './FitParts';

/** What is and is not honoured, said on every panel: the fit is the scheduler's and the quota's arithmetic, in small. */
export const FIT_SIMPLIFICATION =
  "Each pod is replaced, in thought, by its next pod. Node selectors and taints are honoured; affinity, topology spread and pod overhead are not; a quota's scopes are not.";

/** The next table against the nodes, the quotas and the LimitRanges of today: one panel, on three pages. */
export function FitPanel({ part, now, title = 'Will the next table fit?' }: { part: FitPart; now: Date; title?: string }) {
  return (
    <Card className="space-y-2" data-testid="fit-panel" aria-labelledby="fit-title">
      <h2 id="fit-title" className="font-semibold">
        {title}
      </h2>
      {part.ok ? (
        <>
          <SourceLine source={part.value.source} now={now} />
          <FitBody report={part.value.report} partial={part.value.partial} />
          <p className="text-xs text-zinc-600" data-testid="fit-took">
            Computed in {part.value.tookMs} ms. {FIT_SIMPLIFICATION}
          </p>
        </>
      ) : (
        <ErrorBox compact>
          The fit could not be read: {part.error.message}
          {part.needs ? ` (it needs: ${part.needs})` : ''}
        </ErrorBox>
      )}
    </Card>
  );
}

function SourceLine({ source, now }: { source: FitSource; now: Date }) {
  if (source.kind === 'preview')
    return (
      <p data-testid="fit-source" data-source="preview">
        The next table is the last preview this server computed (<Time at={source.computedAt} now={now} />
        ), its rows capped at each container&apos;s limit as the policy caps them.
      </p>
    );
  return (
    <p data-testid="fit-source" data-source="today">
      No preview has been computed since this server started: the next table here is today&apos;s table (last written{' '}
      <Time at={source.lastWriteAt} now={now} />
      ), against the requests the pods have now — what their replacements would get. Open the preview for the next table.
    </p>
  );
}

export function FitBody({ report, partial }: { report: FitReport; partial: boolean }) {
  return (
    <div className="space-y-2">
      <p data-testid="fit-summary">
        {report.changed} of {report.pods} pods would get another request.
        {report.unreadNamespaces > 0 && (
          <span data-testid="fit-unread"> {countOf(report.unreadNamespaces, 'namespace')} you cannot read are left out.</span>
        )}
      </p>
      {report.notes.length > 0 && (
        <ul className="list-disc pl-5 text-amber-900" data-testid="fit-notes">
          {report.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <FitNodes nodes={report.nodes} />
      <FitNowhere report={report} partial={partial} />
      <FitQuotas quotas={report.quotas} partial={partial} />
      <FitBreaches breaches={report.breaches} />
    </div>
  );
}

/** Beside the guard's verdict: the job would write, but the next pods would not all be admitted or placed. */
export function FitWarnings({ part, writes }: { part: FitPart; writes: boolean }) {
  if (!part.ok || part.value.report.warnings.length === 0) return null;
  const prefix = writes ? 'Would write, but' : 'And';
  return (
    <ul className="list-disc pl-5 font-medium text-amber-950" data-testid="fit-warnings">
      {part.value.report.warnings.map((w) => (
        <li key={w}>
          {prefix} {w}.
        </li>
      ))}
    </ul>
  );
}
