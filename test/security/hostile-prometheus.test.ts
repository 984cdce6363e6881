// A Prometheus that is broken or hostile, of this test's own (a node:http server on 127.0.0.1), behind the built
// memdash: every page and API that reads Prometheus answers with the panel's error, the server stays up with its
// memory bounded, /healthz answers promptly throughout, and a browser that leaves stops the read it started.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTo } from './http';
import { heldBy, listeningPid, watchHealth } from './resources';
import { startMemdash, type RunningMemdash } from './server';

const MiB = 1 << 20;
// What the server may grow by while it reads these answers: far less than any of them sends.
const RSS_GROWTH_MB = 300;
// /healthz, asked every 50 ms from a process of its own while the answers are read, answers within this.
const HEALTH_MS = 2000;

type Mode = (req: IncomingMessage, res: ServerResponse) => void;

/** Writes `piece` as fast as the client reads, until it hangs up. */
function endless(res: ServerResponse, piece: string): void {
  const write = () => {
    while (!res.destroyed && res.write(piece));
    if (!res.destroyed) res.once('drain', write);
  };
  write();
}

const json = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' });
const MATRIX = '{"status":"success","data":{"resultType":"matrix","result":[';

// Each answer as a hostile Prometheus sends it, to every query memdash makes.
const MODES: Record<string, Mode> = {
  'an endless series': (_req, res) => {
    json(res);
    res.write(`${MATRIX}{"metric":{"pod":"web-1","container":"app"},"values":[[1700000000,"1"]`);
    endless(res, ',[1700000000,"123456789"]'.repeat(1000));
  },
  'an endless body': (_req, res) => {
    json(res);
    res.write('{"status":"success","warnings":["');
    endless(res, 'x'.repeat(64 << 10));
  },
  'a chunk size of ffffffffffff': (req) => {
    const socket = req.socket;
    socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\nffffffffffff\r\n');
    const write = () => {
      while (!socket.destroyed && socket.write(' '.repeat(64 << 10)));
      if (!socket.destroyed) socket.once('drain', write);
    };
    write();
  },
  'a valid 4 MB answer with 2 million warnings': (_req, res) => {
    json(res);
    res.end(`${MATRIX}]},"warnings":[${'0,'.repeat(2_000_000)}0]}`);
  },
  '4 MiB of [ outside data.result': (_req, res) => {
    json(res);
    res.end(`${MATRIX}]},"x":${'['.repeat(4 * MiB)}`);
  },
};

// A drip: a byte every 200 ms, never silent long enough for the silence timeout.
const drip: Mode = (_req, res) => {
  json(res);
  const timer = setInterval(() => res.write(' '), 200);
  res.on('close', () => clearInterval(timer));
};

let mode: Mode = drip;
let prometheus: Server;
// when the last connection to a query_range was closed by memdash (performance.now())
let rangeClosedAt: number | null = null;
// every request memdash made, and when its connection was closed (a drip never ends one: only memdash closes it)
let asked: Array<{ path: string; closedAt: number | null }> = [];
let memdash: RunningMemdash;
let pid: number;
let pod: string;

beforeAll(async () => {
  prometheus = createServer((req, res) => {
    req.resume();
    if (req.url?.endsWith('/query_range')) req.socket.on('close', () => (rangeClosedAt = performance.now()));
    const one = { path: req.url ?? '', closedAt: null as number | null };
    asked.push(one);
    req.socket.on('close', () => (one.closedAt = performance.now()));
    mode(req, res);
  });
  await new Promise<void>((r) => prometheus.listen(0, '127.0.0.1', r));
  memdash = await startMemdash({
    MEMDASH_HISTORY_PATH: join(mkdtempSync(join(tmpdir(), 'memdash-hostile-prometheus-')), 'history.sqlite'),
    MEMDASH_PROMETHEUS_URL: `http://127.0.0.1:${(prometheus.address() as AddressInfo).port}`,
    // smaller than the defaults so that each answer is refused in seconds, not minutes: the limits are the same
    MEMDASH_PROMETHEUS_MAX_ANSWER_MB: '128',
    MEMDASH_PROMETHEUS_DEADLINE_MS: '10000',
  });
  pid = listeningPid(memdash.server.pid!, memdash.port);
  const pods = JSON.parse((await sendTo(memdash.port, 'GET', '/c/local/api/pods?namespace=shop&limit=200')).body) as {
    pods: Array<{ name: string }>;
  };
  const web = pods.pods.find((p) => p.name.startsWith('web-'));
  if (!web) throw new Error("precondition failed: the local cluster has no pod of shop's web: run npm run cluster:up");
  pod = web.name;
});

afterAll(async () => {
  await memdash?.stop();
  prometheus?.closeAllConnections();
  await new Promise((r) => prometheus?.close(r));
});

/** Fails naming the server's output when it is no longer running. */
function expectUp(): void {
  if (memdash.server.exitCode !== null || memdash.server.signalCode !== null)
    throw new Error(`memdash ended (${memdash.server.exitCode ?? memdash.server.signalCode}):\n${memdash.output().slice(-3000)}`);
}

// A valid answer, only large: a reader may take it (the charts' read whole takes 4 MB) or refuse it.
const VALID = new Set(['a valid 4 MB answer with 2 million warnings']);

describe.each(Object.entries(MODES))('Prometheus answering %s', (name, answer) => {
  it("is each reading page's and API's error, the server up, its memory bounded, /healthz prompt", async () => {
    mode = answer;
    const rssBefore = heldBy(pid).rssMb;
    const health = watchHealth(memdash.port);
    const charts = await sendTo(memdash.port, 'GET', '/c/local/api/workloads/shop/web/memory');
    const podPage = await sendTo(memdash.port, 'GET', `/c/local/pods/shop/${pod}`);
    const podMemory = heldBy(pid).rssMb;
    const slowest = await health.stop();
    expectUp();
    expect(charts.status).toBe(200);
    const part = JSON.parse(charts.body) as { ok: boolean; error?: { message: string } };
    if (!VALID.has(name) || !part.ok) expect(part.error?.message).toMatch(/^Prometheus (answered|at |took longer)/);
    expect(podPage.status).toBe(200);
    expect(podPage.body).toMatch(/Prometheus (answered|at |took longer)/);
    expect(podMemory - rssBefore).toBeLessThan(RSS_GROWTH_MB);
    expect(slowest.failures).toEqual([]);
    expect(slowest.slowestMs).toBeLessThan(HEALTH_MS);
  });
});

describe('Prometheus answering a drip', () => {
  it('is stopped at the deadline', async () => {
    mode = drip;
    const started = performance.now();
    const charts = await sendTo(memdash.port, 'GET', '/c/local/api/workloads/shop/web/memory');
    expectUp();
    expect(JSON.parse(charts.body)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/took longer than 10 s/) } });
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('is stopped within seconds when the browser leaves', async () => {
    mode = drip;
    rangeClosedAt = null;
    const { request } = await import('node:http');
    const req = request({ host: '127.0.0.1', port: memdash.port, path: '/c/local/api/workloads/shop/web/memory' });
    req.on('error', () => undefined);
    req.end();
    await new Promise((r) => setTimeout(r, 1500)); // memdash is reading the drip meanwhile
    expect(rangeClosedAt, 'precondition: the query_range is still being read').toBeNull();
    const leftAt = performance.now();
    req.destroy();
    for (let i = 0; i < 50 && rangeClosedAt === null; i++) await new Promise((r) => setTimeout(r, 100));
    expect(rangeClosedAt, 'memdash closed its connection to Prometheus').not.toBeNull();
    expect(rangeClosedAt! - leftAt).toBeLessThan(3000);
    expectUp();
  });

  /** Opens a page, checks that `reading` are being read from Prometheus, leaves, and needs each connection closed. */
  async function leaveWhileReading(path: string, reading: string[], what: string): Promise<void> {
    mode = drip;
    asked = [];
    const { request } = await import('node:http');
    const req = request({ host: '127.0.0.1', port: memdash.port, path });
    req.on('error', () => undefined);
    req.on('response', (res) => res.resume());
    req.end();
    await new Promise((r) => setTimeout(r, 2500)); // the page is sent in part, its Prometheus reads dripping meanwhile
    const open = asked.filter((a) => a.closedAt === null).map((a) => a.path);
    expect(open, `precondition: ${what} being read`).toEqual(expect.arrayContaining(reading));
    const leftAt = performance.now();
    req.destroy();
    for (let i = 0; i < 50 && asked.some((a) => a.closedAt === null); i++) await new Promise((r) => setTimeout(r, 100));
    expect(
      asked.filter((a) => a.closedAt === null).map((a) => a.path),
      'memdash closed every connection to Prometheus',
    ).toEqual([]);
    expect(Math.max(...asked.map((a) => a.closedAt!)) - leftAt).toBeLessThan(3000);
    expectUp();
  }

  it('is stopped within seconds when the browser leaves the pod page', () =>
    leaveWhileReading(`/c/local/pods/shop/${pod}`, ['/api/v1/query_range', '/api/v1/query'], 'the working set and its newest sample'));

  it('is stopped within seconds when the browser leaves the workload page', () =>
    leaveWhileReading('/c/local/workloads/shop/web', ['/api/v1/query_range', '/api/v1/series'], 'its 28 days and its ends'));
});
