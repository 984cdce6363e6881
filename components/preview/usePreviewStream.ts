'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreviewEvent, PreviewProblem, PreviewProgress, PreviewWindow, SnapshotPreview } from '@/lib/views/snapshot-preview-types';
import { clusterHref } from '@/lib/routes';
import { useClusterName } from '@/components/shell/ClusterName';

// Reads GET /api/snapshot/preview as it streams: one JSON event a line. Leaving the page (or pressing Stop) aborts
// the request, and the server stops its Prometheus reads with it.

export type PreviewState =
  | { phase: 'running'; window: PreviewWindow | null; tableRows: number | null; progress: PreviewProgress | null }
  | { phase: 'done'; preview: SnapshotPreview }
  | { phase: 'failed'; problem: PreviewProblem }
  | { phase: 'stopped' };

export function usePreviewStream(): { state: PreviewState; start: () => void; stop: () => void } {
  const cluster = useClusterName();
  const [state, setState] = useState<PreviewState>(RUNNING);
  const running = useRef<AbortController | null>(null);

  const run = useCallback(
    (controller: AbortController) => {
      running.current = controller;
      readEvents(clusterHref(cluster, '/api/snapshot/preview'), controller.signal, (event) => setState((s) => next(s, event))).catch(
        (err: unknown) => {
          if (controller.signal.aborted) return;
          const message = err instanceof Error ? err.message : String(err);
          setState({ phase: 'failed', problem: { kind: 'cluster', title: 'memdash did not answer', message } });
        },
      );
    },
    [cluster],
  );

  const stop = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState((s) => (s.phase === 'running' ? { phase: 'stopped' } : s));
  }, []);

  const start = useCallback(() => {
    running.current?.abort();
    setState(RUNNING);
    run(new AbortController());
  }, [run]);

  // The first preview starts with the page; leaving the page stops it.
  useEffect(() => {
    const controller = new AbortController();
    run(controller);
    return () => controller.abort();
  }, [run]);

  return { state, start, stop };
}

const RUNNING: PreviewState = { phase: 'running', window: null, tableRows: null, progress: null };

function next(state: PreviewState, event: PreviewEvent): PreviewState {
  switch (event.type) {
    case 'started':
      return { phase: 'running', window: event.window, tableRows: event.table.rows, progress: null };
    case 'progress':
      return state.phase === 'running' ? { ...state, progress: event } : state;
    case 'done':
      return { phase: 'done', preview: event.preview };
    case 'failed':
      return { phase: 'failed', problem: event.problem };
  }
}

async function readEvents(url: string, signal: AbortSignal, onEvent: (event: PreviewEvent) => void): Promise<void> {
  const response = await fetch(url, { signal, cache: 'no-store' });
  if (!response.ok || !response.body) throw new Error(`GET ${url} answered HTTP ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let ended = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const event = JSON.parse(buffered.slice(0, newline)) as PreviewEvent;
      ended ||= event.type === 'done' || event.type === 'failed';
      onEvent(event);
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
  }
  if (!ended) throw new Error('the preview stream ended before its result');
}
