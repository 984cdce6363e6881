import { countOf, formatCount } from '@/lib/domain';
import type { SnapshotResult } from '@/lib/domain/snapshot-result';
import type { RunDiff, RunState } from '@/lib/views/snapshot-run-types';
import { RowsGone } from './RowsGone';
import { ErrorText } from '@/components/ui/ErrorText';
import { ClusterLink } from '@/components/shell/ClusterName';

/** What a run ended with, as its log says: a success with the table's change, a refusal as a refusal, a traceback. */
export function RunResult({
  result,
  state,
  diff,
  overrideOffered,
}: {
  result: SnapshotResult;
  state: RunState;
  diff: RunDiff | null;
  overrideOffered: boolean;
}) {
  if (state === 'running' && (result.kind === 'refusal' || result.kind === 'failed')) {
    // a try ended without writing, but the Job retries: not the run's outcome yet
    return (
      <section className="rounded border border-amber-300 bg-amber-50 p-3" data-testid="run-result" data-result="retrying">
        <h2 className="font-semibold text-amber-900">
          The last try {result.kind === 'refusal' ? `refused (${result.reason})` : 'crashed'}: the Job tries again
        </h2>
      </section>
    );
  }
  if (result.kind === 'success') {
    return (
      <section className="rounded border border-green-300 bg-green-50 p-3" data-testid="run-result" data-result="success">
        <h2 className="font-semibold text-green-900">
          Wrote the table: {countOf(result.rows, 'row')}, {formatCount(result.new)} new, {formatCount(result.gone)} gone
        </h2>
        <RowsGone gone={result.gone}>{diff && diff.lostRows.length > 0 && <LostRows lost={diff.lostRows} />}</RowsGone>
        {diff ? (
          <>
            <p>
              <ClusterLink href={`/table/diff?from=${diff.from}&to=${diff.to}`} data-testid="run-diff-link">
                What changed: the table before the run against after it
              </ClusterLink>{' '}
              ({countOf(diff.counts.rows, 'row')}, {formatCount(diff.counts.new)} new, {formatCount(diff.counts.gone)} gone,{' '}
              {formatCount(diff.counts.changed)} changed)
            </p>
            {diff.lostRows.length === 0 && <LostRows lost={diff.lostRows} />}
          </>
        ) : (
          <p className="text-zinc-700">The change appears here once memdash&apos;s recorder has seen the new table.</p>
        )}
      </section>
    );
  }
  if (result.kind === 'refusal') {
    return (
      <section className="rounded border border-amber-400 bg-amber-50 p-3" data-testid="run-result" data-result="refusal">
        <h2 className="font-semibold text-amber-900">Refused: the job left the table as it is</h2>
        <p className="font-mono" data-testid="refusal-reason">
          {result.reason}
        </p>
        {result.overridable ? (
          overrideOffered ? (
            <p className="mt-1">
              Only this refusal (&quot;fewer than half&quot;) can be overridden:{' '}
              <ClusterLink href="/snapshot/override">override the guard</ClusterLink>.
            </p>
          ) : (
            <p className="mt-1 text-zinc-700">A later run exists: the override is offered from the last run only.</p>
          )
        ) : (
          <p className="mt-1 text-zinc-700">An empty result is never written: this refusal cannot be overridden. Look at Prometheus.</p>
        )}
      </section>
    );
  }
  if (result.kind === 'failed') {
    return (
      <section className="rounded border border-red-300 bg-red-50 p-3" data-testid="run-result" data-result="failed">
        <ErrorText as="h2" deep className="font-semibold">
          Failed: the job crashed (the table is as it was)
        </ErrorText>
        <pre tabIndex={0} className="mt-1 overflow-x-auto font-mono text-xs text-red-950" data-testid="traceback">
          {result.traceback}
        </pre>
      </section>
    );
  }
  return (
    <section
      className="rounded border border-zinc-300 bg-white p-3"
      data-testid="run-result"
      data-result={state === 'running' ? 'running' : 'unknown'}
    >
      {state === 'running'
        ? 'Running: no result in the log yet.'
        : `Ended ${state}, but its log holds no result${result.lastLine ? `; last line: ${result.lastLine}` : ''}.`}
    </section>
  );
}

function LostRows({ lost }: { lost: string[] }) {
  if (lost.length === 0) return <p data-testid="lost-rows">No workload lost its row.</p>;
  return (
    <div data-testid="lost-rows">
      <p>
        <strong>{formatCount(lost.length)}</strong> workload{lost.length === 1 ? '' : 's'} lost {lost.length === 1 ? 'its' : 'their'} row
        (every container&apos;s):
      </p>
      <ul className="columns-1 font-mono text-xs sm:columns-2">
        {lost.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </div>
  );
}
