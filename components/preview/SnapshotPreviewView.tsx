'use client';
import { ErrorBox } from '@/components/ui/ErrorBox';
import { PreviewProgressBar } from './PreviewProgressBar';
import { PreviewResult } from './PreviewResult';
import { usePreviewStream } from './usePreviewStream';
import { ErrorText } from '@/components/ui/ErrorText';
import { Button } from '@/components/ui/Button';

/** The preview's life: computing (with progress and Stop), then the result, or which part failed and why. */
export function SnapshotPreviewView({ kubectl }: { kubectl: string }) {
  const { state, start, stop } = usePreviewStream();
  const again = (
    <Button look="grey" type="button" onClick={start} data-testid="preview-again">
      Compute again
    </Button>
  );
  switch (state.phase) {
    case 'running':
      return <PreviewProgressBar progress={state.progress} tableRows={state.tableRows} onStop={stop} />;
    case 'stopped':
      return <p className="space-x-3">Stopped; nothing was computed. {again}</p>;
    case 'failed':
      return (
        <ErrorBox className="space-y-2" data-testid="preview-failed" data-problem={state.problem.kind}>
          <ErrorText as="h2" deep className="text-base font-semibold">
            {state.problem.title}
          </ErrorText>
          <ErrorText as="p" deep className="font-mono break-words">
            {state.problem.message}
          </ErrorText>
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
