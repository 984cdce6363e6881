// Issue 31, item 2: a diff of large tables runs in a worker thread; a client that connects and hangs up, or stops
// reading, must not leave that worker (its thread and its heap) behind, and many at once must not start a worker
// each. Tried on a throwaway copy of the built server with a history store of its own, seeded here with two large
// versions; its threads and memory are read from /proc, its health from /healthz while it works.
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMemdash, type RunningMemdash } from './server';
import { abandonAfter, heldBy, listeningPid, seedLargeVersions, settledWithin, watchHealth, type Held } from './resources';

// Two versions with every row changed between them, well over the 1 MiB (both texts together) under which the diff
// runs on the server's own thread; as JSON the answer is larger than a loopback socket's buffers hold.
const ROWS = 40_000;
const ABANDONED = 60;
const DEADLINE_MS = 15_000;
const CSV = '/c/local/api/table/diff?from=1&to=2&format=csv';
const JSON_EXPORT = '/c/local/api/table/diff?from=1&to=2&format=json';

let memdash: RunningMemdash;
let pid = 0;

interface Whole {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(path: string): Promise<Whole> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: memdash.port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** How a client abandons its request: hangs up at once, while the diff runs, or once the body has started. */
type Leaving = 'at-once' | 'mid-diff' | 'mid-body';

/** How long each kind of client stays at most (one leaving mid-body goes at its first byte, if that comes first). */
const STAYS_MS: Record<Leaving, number> = { 'at-once': 5, 'mid-diff': 300, 'mid-body': 5000 };

/** A request abandoned as `leaving` says; resolves once its socket is closed. */
const abandon = (path: string, leaving: Leaving) => abandonAfter(memdash.port, path, STAYS_MS[leaving]);

const mb = (held: Held) => Math.round(held.rssMb);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const settled = (bound: Held, withinMs: number) => settledWithin(pid, bound, withinMs);

/** Within 2 threads and 50 MB of `start`. */
const near = (start: Held): Held => ({ threads: start.threads + 2, rssMb: start.rssMb + 50 });

/** The most threads the server had while `run` ran. */
async function peakThreadsDuring(run: Promise<unknown>): Promise<number> {
  let peak = heldBy(pid).threads;
  let done = false;
  void run.finally(() => (done = true));
  while (!done) {
    peak = Math.max(peak, heldBy(pid).threads);
    await sleep(20);
  }
  return peak;
}

beforeAll(async () => {
  const store = join(mkdtempSync(join(tmpdir(), 'memdash-diff-workers-')), 'history.sqlite');
  await seedLargeVersions(store, ROWS);
  memdash = await startMemdash({ MEMDASH_HISTORY_PATH: store, MEMDASH_RECORDER: 'off', MEMDASH_DIFF_DEADLINE_MS: String(DEADLINE_MS) });
  pid = listeningPid(memdash.server.pid!, memdash.port);
  // the first requests compile the route and load the worker's code: a running server has done that long before
  for (let i = 0; i < 2; i++) {
    const warm = await get(CSV);
    if (warm.status !== 200) throw new Error(`precondition failed: the diff answered ${warm.status}: ${warm.body.slice(0, 300)}`);
  }
});

afterAll(async () => {
  // a server still holding workers may not end on SIGTERM: it is a throwaway copy, so it is then killed
  const stopped = memdash?.stop();
  if (await Promise.race([stopped?.then(() => true), sleep(10_000).then(() => false)])) return;
  await memdash.stop('SIGKILL');
});

describe('diffs of large tables', () => {
  it('answer the whole diff, computed in a worker thread', async () => {
    await sleep(1000); // the warm-up's worker has ended
    const before = heldBy(pid).threads;
    const answer = get(CSV);
    const peak = await peakThreadsDuring(answer);
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(body.trimEnd().split('\n')).toHaveLength(1 + ROWS); // the header, then every row changed
    if (peak <= before) throw new Error('precondition failed: the diff ran without a worker thread (no thread was added)');
  });

  it(`abandoned ${ABANDONED} times leave no worker, thread or memory behind, and /healthz answers meanwhile`, async () => {
    await sleep(1000);
    const start = heldBy(pid);
    const health = watchHealth(memdash.port);
    const ways: Leaving[] = ['at-once', 'mid-diff', 'mid-body'];
    // in waves of six, a wave every quarter of a second, as a script that keeps asking would
    const gone: Promise<void>[] = [];
    for (let wave = 0; wave < ABANDONED / 6; wave++) {
      gone.push(...Array.from({ length: 6 }, (_, i) => abandon(CSV, ways[(wave + i) % 3]!)));
      await sleep(250);
    }
    await Promise.all(gone);
    const after = await settled(near(start), 30_000);
    const { slowestMs, asked, failures } = await health.stop();
    const figures = `threads ${start.threads} → ${after.threads}, RSS ${mb(start)} → ${mb(after)} MB, /healthz at worst ${Math.round(slowestMs)} ms of ${asked}`;
    expect(after.threads - start.threads, figures).toBeLessThanOrEqual(2);
    expect(after.rssMb - start.rssMb, figures).toBeLessThanOrEqual(50);
    expect(failures, figures).toEqual([]);
    // /healthz must keep answering; the 100 ms target is a figure to read, seen from a process of its own
    console.log(`diff workers: ${figures}`);
    expect(slowestMs, figures).toBeLessThan(2000);
  }, 180_000);

  it('many at once: a few run, the rest get 503 with Retry-After, and none is left running', async () => {
    const start = heldBy(pid);
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(CSV)));
    const refused = answers.filter((a) => a.status === 503);
    const answered = answers.filter((a) => a.status === 200);
    expect(refused.length, `statuses ${answers.map((a) => a.status).join(' ')}`).toBeGreaterThan(0);
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(refused.length + answered.length).toBe(12);
    for (const a of refused) {
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
      expect((JSON.parse(a.body) as { error: { message: string } }).error.message).toMatch(/try again/);
    }
    for (const a of answered) expect(a.body.trimEnd().split('\n')).toHaveLength(1 + ROWS);
    const after = await settled(near(start), 10_000);
    expect(after.threads - start.threads, `threads ${start.threads} → ${after.threads}`).toBeLessThanOrEqual(2);
  });

  it('a client that stops reading has its worker ended at the deadline (MEMDASH_DIFF_DEADLINE_MS)', async () => {
    await sleep(1000);
    const start = heldBy(pid);
    // a raw socket that reads nothing: its receive window stays small, so the body stops at the server's side
    const reader = connect(memdash.port, '127.0.0.1');
    reader.on('error', () => undefined);
    reader.pause();
    reader.write(`GET ${JSON_EXPORT} HTTP/1.1\r\nHost: 127.0.0.1:${memdash.port}\r\n\r\n`);
    try {
      // long after the diff itself is done: a worker still there waits for the reader
      await sleep(DEADLINE_MS / 2);
      const stalled = heldBy(pid).threads;
      if (stalled <= start.threads)
        throw new Error('precondition failed: no worker waited for the stalled reader (its body fit in the socket buffers)');
      // back to the threads of before, the reader's socket still open
      const after = await settled({ threads: start.threads, rssMb: Infinity }, DEADLINE_MS);
      expect(after.threads, `threads ${start.threads}, ${stalled} while stalled, ${after.threads} after`).toBeLessThanOrEqual(
        start.threads,
      );
    } finally {
      reader.destroy();
    }
  });
});
