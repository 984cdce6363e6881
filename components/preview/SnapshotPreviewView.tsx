'use client';
import { ErrorBox } from '@/components/ui/ErrorBox';
import { PreviewProgressBar } from './PreviewProgressBar';
import { PreviewResult } from './PreviewResult';
import { usePreviewStream } from './usePreviewStream';

/** The preview's life: computing (with progress and Stop), then the result, or which part failed and why. */
export function SnapshotPreviewView({ kubectl }: { kubectl: string }) {
  const { state, start, stop } = usePreviewStream();
  const again = (
    <button type="button" onClick={start} className="rounded border bg-zinc-100 px-3 py-1" data-testid="preview-again">
      Compute again
    </button>
  );
  switch (state.phase) {
    case 'running':
      return <PreviewProgressBar progress={state.progress} tableRows={state.tableRows} onStop={stop} />;
    case 'stopped':
      return <p className="space-x-3">Stopped; nothing was computed. {again}</p>;
    case 'failed':
      return (
        <ErrorBox className="space-y-2" data-testid="preview-failed" data-problem={state.problem.kind}>
          <h2 className="text-base font-semibold text-red-900">{state.problem.title}</h2>
          <p className="font-mono break-words text-red-900">{state.problem.message}</p>
          <p className="text-zinc-700">
            {state.problem.kind === 'cluster'
              ? "No preview without today's table to compare with."
              : 'No preview: the snapshot job reads Prometheus too, so a run by hand now may well fail the same way.'}{' '}
            The rest of memdash does not depend on it.
          </p>
          {again}
        </ErrorBox>
      );
    case 'done':
      return (
        <div className="space-y-3">
          <PreviewResult preview={state.preview} kubectl={kubectl} />
          {again}
        </div>
      );
  }
}
