import 'server-only';
import { Worker } from 'node:worker_threads';
import { settings } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { slots, SlotsFull, type Release } from '@/lib/slots';
import { diffBody } from './diff-body';
import type { DiffJob } from './diff-job';

export type { DiffJob };

/**
 * The diff's answer body (JSON {from, to, added, gone, changed, unchanged}, or CSV). Large tables are diffed in a
 * worker thread and the body read from it a piece at a time as the client takes it; small ones in-process. Resolves
 * once the diff is computed; rejects if it fails, if `signal` aborts (the client left) or at the deadline
 * (MEMDASH_DIFF_DEADLINE_MS), and with a `busy` AppError (503, Retry-After) when too many diffs are under way.
 */
export async function diffBodyOf(job: DiffJob, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  // Next bundles the worker (it follows `new URL(…, import.meta.url)`) and sets NEXT_RUNTIME. Outside Next — the
  // integration tests call route handlers in plain Node, which cannot load the worker's TypeScript and '@/' imports —
  // the same diffBody runs in-process.
  if (!process.env.NEXT_RUNTIME || small(job)) return whole(diffBody(job));
  const deadline = settings().diffDeadlineMs;
  const ended = AbortSignal.any([signal, AbortSignal.timeout(deadline)]);
  const release = await diffSlots.take(ended).catch((err: unknown) => {
    throw whyEnded(err, signal, deadline);
  });
  return inWorker(job, ended, release).catch((err: unknown) => {
    throw ended.aborted ? whyEnded(err, signal, deadline) : err;
  });
}

/**
 * Tables this small (both texts together; about 25,000 rows) are diffed on the server's own thread: a worker takes
 * longer to start than their diff takes, and what they allocate is collected in a few milliseconds.
 */
const IN_PROCESS_DIFF_CHARS = 1024 * 1024;

function small(job: DiffJob): boolean {
  return (job.fromText?.length ?? 0) + (job.toText?.length ?? 0) <= IN_PROCESS_DIFF_CHARS;
}

function whole(body: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({ start: (controller) => (controller.enqueue(body), controller.close()) });
}

// Each worker is a V8 heap of its own beside the server's: a few at once keep them within the pod's memory, and a
// few more wait their turn (the two tables' texts are held while they wait, so the queue is short too).
const DIFF_WORKERS = 2;
const DIFF_WAITING = 4;
const diffSlots = slots(DIFF_WORKERS, DIFF_WAITING);
const RETRY_AFTER_SECONDS = 5;

// About twice what a diff of two tables at Kubernetes's 1 MiB each needs, every row changed (the limit covers V8's
// heap; the body's bytes are outside it): a worker that needs more is ended with ERR_WORKER_OUT_OF_MEMORY rather
// than growing the pod towards its limit.
const DIFF_WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 };

/** What a request closed before its diff was ready is answered (no one reads it: it is never logged). */
export function closedBeforeDiff(): AppError {
  return new AppError('bad-request', 'The request was closed before its diff was ready');
}

/** The error a diff that did not finish answers with: the queue was full, the deadline passed, or the client left. */
function whyEnded(err: unknown, signal: AbortSignal, deadline: number): AppError {
  if (err instanceof SlotsFull)
    return new AppError(
      'busy',
      `${DIFF_WORKERS} diffs of large tables are running and ${DIFF_WAITING} wait their turn: try again in a few seconds`,
      RETRY_AFTER_SECONDS,
    );
  if (signal.aborted) return closedBeforeDiff();
  return new AppError(
    'busy',
    `The diff did not finish within ${deadline / 1000} s (MEMDASH_DIFF_DEADLINE_MS): try again when fewer diffs run`,
    RETRY_AFTER_SECONDS,
  );
}

/**
 * Runs the job in a new worker holding a slot: the slot is given back when the worker exits, however that happens
 * (the body read to its end, the client gone, the deadline, an error, the memory limit).
 */
function inWorker(job: DiffJob, ended: AbortSignal, release: Release): Promise<ReadableStream<Uint8Array>> {
  if (ended.aborted) {
    release();
    return Promise.reject(ended.reason);
  }
  let worker: Worker;
  try {
    worker = new Worker(new URL('./diff-worker.ts', import.meta.url), { resourceLimits: DIFF_WORKER_LIMITS });
  } catch (err) {
    release(); // no worker, so no exit to give the slot back
    return Promise.reject(err);
  }
  const stop = () => void worker.terminate();
  ended.addEventListener('abort', stop, { once: true });
  worker.once('exit', () => {
    ended.removeEventListener('abort', stop);
    release();
  });
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => (reject(error), stop());
    const exited = (code: number) => reject(new Error(`the diff worker stopped (exit ${code}) before answering`));
    worker.once('error', failed);
    worker.once('exit', exited);
    worker.once('message', () => {
      worker.off('error', failed).off('exit', exited);
      resolve(piecesOf(worker, stop));
    });
    worker.postMessage(job);
  });
}

/** The worker's body as a stream: one piece per pull, the worker ended at the last piece or when the reader stops. */
function piecesOf(worker: Worker, stop: () => void): ReadableStream<Uint8Array> {
  let done = false;
  let waiting: (() => void) | null = null;
  return new ReadableStream<Uint8Array>({
    // A worker that fails or is ended mid-way ends the body with an error rather than leaving the client waiting.
    start: (controller) => {
      const fail = (error: Error) => {
        if (done) return;
        done = true;
        controller.error(error);
        waiting?.();
      };
      worker.once('error', fail);
      worker.once('exit', (code) => fail(new Error(`the diff worker stopped (exit ${code}) before the body's end`)));
    },
    pull: (controller) =>
      new Promise<void>((resolve) => {
        waiting = resolve;
        worker.once('message', (piece: Uint8Array) => {
          waiting = null;
          if (done) return resolve();
          if (piece.length > 0) controller.enqueue(piece);
          else {
            done = true;
            controller.close();
            stop();
          }
          resolve();
        });
        worker.postMessage('next');
      }),
    cancel: () => {
      done = true;
      stop();
    },
  });
}
