'use client';
import { Link } from '@/components/ui/Link';
import { BOX_TONE } from '@/components/ui/tone';
import { usePreviewStream } from '@/components/preview/usePreviewStream';
import { countOf, formatCount, workloadsDropped } from '@/lib/domain';
import { workloadHref } from '@/lib/routes';
import type { SnapshotPreview } from '@/lib/views/snapshot-preview-types';
import { ClusterLink, useClusterName } from '@/components/shell/ClusterName';

// What a run pressed now would write, beside its button: the preview's one line and the workloads it would drop.
// It reads the preview the /table/preview page and /workloads read (one shared computation, rate-limited).

/** The preview's answer in one line, then the workloads left with no row. */
export function PreviewLine() {
  const { state } = usePreviewStream();
  return (
    <div className="space-y-1 rounded border border-zinc-200 bg-zinc-50 p-2" data-testid="run-preview" data-phase={state.phase}>
      <p>
        <span className="text-zinc-600">If run now: </span>
        {state.phase === 'running' && (
          <span>
            computing the preview
            {state.progress && ` (${formatCount(state.progress.seriesRead)} of ${formatCount(state.progress.seriesTotal)} series)`}…
          </span>
        )}
        {state.phase === 'stopped' && <span>the preview was stopped.</span>}
        {state.phase === 'failed' && (
          <span data-testid="run-preview-line">
            no preview: {state.problem.title} ({state.problem.message})
          </span>
        )}
        {state.phase === 'done' && <strong data-testid="run-preview-line">{lineOf(state.preview)}</strong>}{' '}
        <ClusterLink href="/table/preview">The whole preview</ClusterLink>
      </p>
      {state.phase === 'done' && <DroppedWorkloads preview={state.preview} />}
    </div>
  );
}

/** "Would write 212 rows: 3 changed, 1 new, 2 gone" (the job's own words), or why the job would not write. */
function lineOf(preview: SnapshotPreview): string {
  if (preview.crash) return `Would fail, leaving the table as it is: ${preview.crash.reason}`;
  if (preview.guard.verdict === 'refused')
    return `Would refuse, leaving the table as it is: ${preview.guard.logLine.split(': ').slice(1).join(': ')}`;
  if (preview.guard.verdict === 'never-written') return 'Would write nothing: Prometheus returned no rows';
  const { rows, changed, new: added, gone } = preview.counts;
  return `Would write ${countOf(rows, 'row')}: ${formatCount(changed)} changed, ${formatCount(added)} new, ${formatCount(gone)} gone`;
}

const SHOWN = 50;

function DroppedWorkloads({ preview }: { preview: SnapshotPreview }) {
  const cluster = useClusterName();
  // only a write drops a workload: a refusal or a crash leaves the table as it is
  if (preview.crash || preview.guard.verdict !== 'written') return null;
  const dropped = workloadsDropped(preview.diff.gone, preview.rows);
  if (dropped.length === 0) return null;
  return (
    <div className={`rounded border-2 p-2 ${BOX_TONE.warn}`} data-testid="run-preview-dropped">
      <p>
        <strong>{countOf(dropped.length, 'workload')}</strong> would be left with no row (their next pods get no request from the table):
      </p>
      <ul className="flex flex-wrap gap-x-4 font-mono">
        {dropped.slice(0, SHOWN).map((w) => (
          <li key={`${w.namespace}/${w.workload}`} data-testid="run-preview-dropped-workload">
            {w.workload ? (
              <Link href={workloadHref(cluster, w.namespace, w.workload)}>
                {w.namespace}/{w.workload}
              </Link>
            ) : (
              w.namespace
            )}
          </li>
        ))}
      </ul>
      {dropped.length > SHOWN && <p>and {formatCount(dropped.length - SHOWN)} more: see the whole preview.</p>}
    </div>
  );
}
