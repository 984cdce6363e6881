import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from './http';
import type { ReadLimits } from './limits';
import { postItems, postSeries } from './stream';

// Every reader of Prometheus held to the same limits (limits.ts) against a hostile Prometheus of this test's own:
// whichever reader serves, an endless answer stops at its bytes, a slow one at its deadline, and a stopped read closes
// its connection.

const MiB = 1 << 20;
const limits = (signal?: AbortSignal): ReadLimits => ({
  maxBytes: MiB,
  maxBytesSetting: 'MEMDASH_TEST_MAX_MB',
  deadlineMs: 1500,
  deadlineSetting: 'MEMDASH_TEST_DEADLINE_MS',
  signal,
});
const IDLE_MS = 60_000;

type Reader = (url: URL, signal?: AbortSignal) => Promise<unknown>;
const READERS: Record<string, Reader> = {
  'postForm (read whole)': (url, signal) => postForm(url, new URLSearchParams({ query: 'up' }), IDLE_MS, limits(signal)),
  'postSeries (series as bytes)': (url, signal) =>
    postSeries(url, new URLSearchParams({ query: 'up' }), () => {}, {
      idleTimeoutMs: IDLE_MS,
      limits: limits(signal),
      timeoutSetting: 'MEMDASH_TEST_TIMEOUT_MS',
    }),
  'postItems (a listing as text)': (url, signal) =>
    postItems(url, new URLSearchParams({ 'match[]': 'up' }), ['data'], () => {}, {
      idleTimeoutMs: IDLE_MS,
      limits: limits(signal),
      timeoutSetting: 'MEMDASH_TEST_TIMEOUT_MS',
    }),
};

/** Writes `piece` until the client hangs up, as fast as it reads. */
function endless(res: ServerResponse, piece: string): void {
  const write = () => {
    while (!res.destroyed && res.write(piece));
    if (!res.destroyed) res.once('drain', write);
  };
  write();
}

let server: Server;
let base: string;
// when each path's last connection was closed by the client (performance.now())
const closedAt = new Map<string, number>();

const HOSTILE: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/endless': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"status":"success","data":[');
    endless(res, '{"pod":"a-1"},'.repeat(1000));
  },
  '/huge-chunk': (req, res) => {
    // a chunk size no answer has, then bytes without end, written raw on the socket
    req.socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\nffffffffffff\r\n');
    const socket = req.socket;
    const write = () => {
      while (!socket.destroyed && socket.write(' '.repeat(64 << 10)));
      if (!socket.destroyed) socket.once('drain', write);
    };
    write();
    void res;
  },
  '/deep': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"status":"success","data":{"resultType":"matrix","result":[]},"x":${'['.repeat(100)}${']'.repeat(100)}}`);
  },
  '/drip': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => res.write(' '), 100);
    res.on('close', () => clearInterval(timer));
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    req.socket.on('close', () => closedAt.set(path, performance.now()));
    req.resume();
    HOSTILE[path]!(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe.each(Object.entries(READERS))('%s against a hostile Prometheus', (_name, read) => {
  it('stops an endless answer at its bytes', { timeout: 10_000 }, async () => {
    await expect(read(new URL(`${base}/endless`))).rejects.toThrow(/more than 1 MB \(MEMDASH_TEST_MAX_MB\)/);
  });

  it('stops a chunk of ffffffffffff bytes at its bytes', { timeout: 10_000 }, async () => {
    await expect(read(new URL(`${base}/huge-chunk`))).rejects.toThrow(/more than 1 MB \(MEMDASH_TEST_MAX_MB\)/);
  });

  it('refuses an answer nested deeper than Prometheus nests', { timeout: 10_000 }, async () => {
    await expect(read(new URL(`${base}/deep`))).rejects.toThrow(/too deeply nested/);
  });

  it('stops an answer that drips, never silent, at its deadline', { timeout: 10_000 }, async () => {
    const started = performance.now();
    await expect(read(new URL(`${base}/drip`))).rejects.toThrow(/took longer than 1.5 s \(MEMDASH_TEST_DEADLINE_MS\)/);
    expect(performance.now() - started).toBeLessThan(4000);
  });

  it('closes its connection once its signal stops it', { timeout: 10_000 }, async () => {
    const stop = new AbortController();
    closedAt.delete('/drip');
    const reading = read(new URL(`${base}/drip`), stop.signal);
    reading.catch(() => {});
    await new Promise((r) => setTimeout(r, 300));
    const stoppedAt = performance.now();
    stop.abort();
    await expect(reading).rejects.toThrow();
    for (let i = 0; i < 50 && !closedAt.has('/drip'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(closedAt.get('/drip')! - stoppedAt).toBeLessThan(1000);
  });
});
