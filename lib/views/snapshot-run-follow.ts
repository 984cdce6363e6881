import 'server-only';
import { failureOf } from '@/lib/http/errors';
import { readClients } from '@/lib/k8s/client';
import { readSnapshotRun } from './snapshot-run';
import type { RunEvent } from './snapshot-run-types';

/** How often the run is read again; a closed page is noticed at once (the abort), not at the next tick. */
const TICK_MS = 1000;
/** A run followed for longer than this is left to the page's reload (the Job's own deadline is far shorter). */
const MAX_FOLLOW_MS = 30 * 60_000;
/**
 * Ticks to wait, once the Job has ended, for its last log line (a try killed before it logged has none) and, after a
 * success, for the recorder to see the new table.
 */
const END_GRACE_TICKS = 10;

/**
 * The run as server-sent events. Each tick reads the Job, its pods and their logs with the read credential and an
 * AbortSignal tied to the browser: when the page closes, the in-flight call is aborted and nothing more is asked.
 */
export function followSnapshotRun(job: string, closed: AbortSignal): ReadableStream<Uint8Array> {
  const stop = new AbortController();
  const signal = AbortSignal.any([closed, stop.signal]);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: RunEvent) => {
        if (!signal.aborted) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      };
      const sent = new Map<string, number>(); // lines of each try's log already sent
      let lastRun = '';
      const until = Date.now() + MAX_FOLLOW_MS;
      let ticksSinceEnd = 0;
      try {
        while (!signal.aborted && Date.now() < until) {
          const { run, logs } = await readSnapshotRun(job, readClients(undefined, signal));
          for (const [pod, log] of logs) {
            const lines = log.split('\n');
            if (lines.at(-1) === '') lines.pop(); // a line is sent once it is whole
            const from = sent.get(pod) ?? 0;
            if (lines.length > from) send({ type: 'log', pod, lines: lines.slice(from) });
            sent.set(pod, lines.length);
          }
          const json = JSON.stringify(run);
          if (json !== lastRun) send({ type: 'run', run });
          lastRun = json;
          // finished, and the result of the last try read (the log may trail the pod's end by a moment)
          // ended, with its result read and (after a success) the table's change recorded; a result or a change
          // that does not come within the grace ticks is left out rather than waited for
          if (run.state !== 'running') {
            const complete = run.result.kind !== 'unknown' && !(run.result.kind === 'success' && run.diff === null);
            if (complete || ++ticksSinceEnd > END_GRACE_TICKS) break;
          }
          await sleep(TICK_MS, signal);
        }
        send({ type: 'end' });
      } catch (err) {
        if (!signal.aborted) {
          const error = failureOf(err);
          send({ type: 'error', code: error.code, message: error.message });
        }
      } finally {
        if (!closed.aborted) controller.close();
      }
    },
    cancel() {
      stop.abort(); // the browser went away: abort the in-flight call and the loop
    },
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
