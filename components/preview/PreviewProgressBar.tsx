import { Card } from '@/components/ui/Card';
import { formatDuration, formatCount } from '@/lib/domain';
import type { PreviewProgress } from '@/lib/views/snapshot-preview-types';
import { Button } from '@/components/ui/Button';

const count = formatCount;

/** Series read, workloads done, time left, while the preview computes. */
export function PreviewProgressBar({
  progress,
  tableRows,
  onStop,
}: {
  progress: PreviewProgress | null;
  tableRows: number | null;
  onStop: () => void;
}) {
  const share = progress && progress.seriesTotal > 0 ? Math.min(1, progress.seriesRead / progress.seriesTotal) : 0;
  return (
    <Card className="space-y-2" data-testid="preview-progress" aria-live="polite">
      <div className="flex flex-wrap items-center gap-3">
        <strong>Computing the next table from Prometheus…</strong>
        <Button look="grey" type="button" onClick={onStop}>
          Stop
        </Button>
      </div>
      <div
        className="h-2 w-full overflow-hidden rounded bg-zinc-200"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
      >
        <div className="h-2 bg-blue-600" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="text-zinc-700">
        {progress === null ? (
          <>Listing the series of the window{tableRows !== null && <> (today&apos;s table holds {count(tableRows)} rows)</>}…</>
        ) : (
          <>
            <span data-testid="series-read">{count(progress.seriesRead)}</span> of about {count(progress.seriesTotal)} series read (
            {count(progress.samplesRead)} samples), <span data-testid="workloads-done">{count(progress.workloadsDone)}</span> of{' '}
            {count(progress.workloadsTotal)} workloads done,{' '}
            {progress.etaMs === null ? 'time left unknown yet' : <>about {formatDuration(progress.etaMs)} left</>} (
            {formatDuration(progress.elapsedMs)} so far).
          </>
        )}
      </p>
    </Card>
  );
}
