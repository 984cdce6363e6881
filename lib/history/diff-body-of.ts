import 'server-only';
import { Worker } from 'node:worker_threads';
import { diffBody } from './diff-body';
import type { DiffJob } from './diff-job';

export type { DiffJob };

/**
 * The diff's answer body (JSON {from, to, added, gone, changed, unchanged}, or CSV). Large tables are diffed in a
 * worker thread and the body read from it a piece at a time as the client takes it; small ones in-process. Resolves
 * once the diff is computed; rejects if it fails.
 */
export function diffBodyOf(job: DiffJob): Promise<ReadableStream<Uint8Array>> {
  // Next bundles the worker (it follows `new URL(…, import.meta.url)`) and sets NEXT_RUNTIME. Outside Next — the
  // integration tests call route handlers in plain Node, which cannot load the worker's TypeScript and '@/' imports —
  // the same diffBody runs in-process.
  if (!process.env.NEXT_RUNTIME || small(job)) return Promise.resolve(whole(diffBody(job)));
  const worker = new Worker(new URL('./diff-worker.ts', import.meta.url));
  const stop = () => void worker.terminate();
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the diff worker stopped (exit ${code}) before answering`)));
    worker.once('message', () => resolve(piecesOf(worker, stop)));
    worker.postMessage(job);
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

function piecesOf(worker: Worker, stop: () => void): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    // A worker that fails mid-way ends the body with an error rather than leaving the client waiting.
    start: (controller) => void worker.once('error', (error) => controller.error(error)),
    pull: (controller) =>
      new Promise<void>((resolve) => {
        worker.once('message', (piece: Uint8Array) => {
          if (piece.length > 0) controller.enqueue(piece);
          else {
            controller.close();
            stop();
          }
          resolve();
        });
        worker.postMessage('next');
      }),
    cancel: stop,
  });
}
