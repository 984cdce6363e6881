// Runs in a worker thread for large tables (lib/views/table-diff/diff-body-of.ts): parses two stored tables, diffs them and
// writes the answer's body. A diff of 100,000 rows allocates enough that the garbage collector alone, on the server's
// own heap, would stop health checks for a tenth of a second or more; here it pauses only this thread.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { diffBody } from './diff-body';
import { DIFF_PIECE_BYTES, type DiffJob } from './diff-job';

const port = parentPort!;

// On Linux this lowers the priority of this thread only: on a busy machine the server's own thread, answering
// health checks and pages, gets the CPU first.
setPriority(19);

port.once('message', (job: DiffJob) => {
  const body = diffBody(job);
  // Handed over a piece per request: the whole body at once, as one large buffer on the server's heap, sets off a
  // full collection there (the very pause this worker exists to avoid).
  let offset = 0;
  port.on('message', () => {
    const piece = body.slice(offset, offset + DIFF_PIECE_BYTES);
    offset += piece.length;
    port.postMessage(piece, [piece.buffer]);
  });
  port.postMessage('ready');
});
