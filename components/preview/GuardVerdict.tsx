import { formatCount } from '@/lib/domain';
import { ClusterLink } from '@/components/shell/ClusterName';
import type { SnapshotPreview } from '@/lib/views/snapshot-preview-types';
import { FitWarnings } from '@/components/fit/FitPanel';

// Issue 11 builds the override (save the table, remove its data, run the job); this is where its page is to be.
export const OVERRIDE_HREF = '/snapshot/override';

const TONES = {
  written: 'border-green-300 bg-green-50 text-green-950',
  refused: 'border-amber-300 bg-amber-50 text-amber-950',
  'never-written': 'border-red-300 bg-red-50 text-red-950',
  crash: 'border-red-300 bg-red-50 text-red-950',
} as const;

/** What the job would do with this result: write it, refuse it (overridable), never write it, or stop. */
export function GuardVerdict({ preview }: { preview: SnapshotPreview }) {
  const { guard, crash, table } = preview;
  const tone = crash ? 'crash' : guard.verdict;
  // a write whose next pods the quota, the nodes or a LimitRange would refuse is not a green one
  const troubled = tone === 'written' && preview.fit.ok && preview.fit.value.report.warnings.length > 0;
  return (
    <section
      className={`space-y-1 rounded border p-3 ${TONES[troubled ? 'refused' : tone]}`}
      data-testid="guard-verdict"
      data-verdict={tone}
      data-tone={troubled ? 'amber' : tone === 'written' ? 'green' : tone === 'refused' ? 'amber' : 'red'}
    >
      <h2 className="text-base font-semibold">
        {headline(preview)}
        {troubled ? ', but not all its next pods would run' : ''}
      </h2>
      {crash ? (
        <p>The job would end in a Python traceback and leave the table as it is: {crash.reason}.</p>
      ) : (
        <p>
          Its last log line would read <code className="font-mono break-all">{guard.logLine}</code>
          {guard.verdict === 'written' && <>, replacing the table&apos;s data whole.</>}
          {guard.verdict === 'never-written' && <>. An empty result is never written, not even by an override.</>}
          {guard.verdict === 'refused' && (
            <>
              . Only this refusal can be overridden: save the table, remove its data and run the job at once —{' '}
              <ClusterLink href={OVERRIDE_HREF} data-testid="override-link">
                override the guard
              </ClusterLink>
              .
            </>
          )}
        </p>
      )}
      {!crash && <FitWarnings part={preview.fit} writes={guard.verdict === 'written'} />}
      <p className="text-zinc-700">
        Today&apos;s table {table.namespace}/{table.name} {table.exists ? `holds ${table.rows} rows` : 'does not exist'}; the preview has{' '}
        {formatCount(Object.keys(preview.rows).length)} rows from {formatCount(preview.series)} series ({formatCount(preview.samples)}{' '}
        samples), computed in {(preview.tookMs / 1000).toFixed(1)} s. Nothing was written.
      </p>
    </section>
  );
}

function headline({ guard, crash }: SnapshotPreview): string {
  if (crash) return 'The job would fail';
  if (guard.verdict === 'written') return 'The job would write this table';
  if (guard.verdict === 'refused') return "The job's guard would refuse this table (overridable)";
  return 'The job would never write this: Prometheus returned no rows';
}
