// Issue 14: identical reads that arrive while one is being answered get a copy of its answer (lib/server/collapse.ts).
// Tried on the built server: every copy whole and right for its own request, and nothing shared that must not be.
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireCluster } from '../integration/cluster';
import { slowedPrometheus } from '../integration/prometheus-in-front';
import { countingApiServer, type CountingApiServer } from './counting-api';
import { hangUpOn, own, ownPageHeaders, port, postFromOwnPage, send, sendTo, type Answer } from './http';
import { startMemdash, type RunningMemdash } from './server';

let pod = '';

async function collapsedSoFar(): Promise<number> {
  const metrics = (await send('GET', '/metrics')).body;
  const line = metrics.split('\n').find((l) => l.startsWith('memdash_http_requests_collapsed_total '));
  if (!line) throw new Error('/metrics has no memdash_http_requests_collapsed_total');
  return Number(line.split(' ')[1]);
}

/** `count` identical requests sent at once. */
function together(count: number, path: string, headers: Record<string, string> = {}): Promise<Answer[]> {
  return Promise.all(Array.from({ length: count }, () => send('GET', path, headers)));
}

beforeAll(async () => {
  const found = JSON.parse((await send('GET', '/c/local/api/pods?namespace=shop&limit=1')).body) as { pods: Array<{ name: string }> };
  if (!found.pods[0]) throw new Error('the local cluster has no pod in namespace shop: run npm run cluster:up');
  pod = found.pods[0].name;
});

describe('identical reads at once', () => {
  it('all get the whole pod page, each with its own length, and most are copies of one answer', async () => {
    const before = await collapsedSoFar();
    const answers = await together(40, `/c/local/pods/shop/${pod}`, { 'accept-encoding': 'gzip' });
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const pages = answers.map((a) => {
      expect(a.headers['content-encoding']).toBe('gzip');
      // a copy says its length; the answer it was copied from may have been streamed without one
      if (a.headers['content-length'] !== undefined) expect(Number(a.headers['content-length'])).toBe(a.bytes.length);
      expect(a.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      return gunzipSync(a.bytes).toString('utf8');
    });
    for (const page of pages) {
      expect(page).toContain(`data-testid="pod-name">${pod}<`);
      expect(page.trimEnd().endsWith('</html>')).toBe(true);
    }
    // the answers made in the same round are the same bytes (pages made in later rounds show a later time)
    expect(new Set(pages).size).toBeLessThan(pages.length);
    expect(await collapsedSoFar()).toBeGreaterThan(before);
  });

  it('keeps apart requests that differ: the dark and the light page each get their own', async () => {
    const [dark, light] = await Promise.all([
      together(15, `/c/local/pods/shop/${pod}`, { cookie: 'memdash-theme=dark' }),
      together(15, `/c/local/pods/shop/${pod}`, { cookie: 'memdash-theme=light' }),
    ]);
    for (const a of dark) expect(a.body).toContain('data-theme="dark"');
    for (const a of light) expect(a.body).toContain('data-theme="light"');
  });

  it('answers every request for a pod that is not there with its 404, most of them copies of one', async () => {
    const before = await collapsedSoFar();
    const answers = await together(20, '/c/local/pods/shop/no-such-pod-at-all');
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
    for (const a of answers) expect(a.body).toContain('no-such-pod-at-all');
    expect(await collapsedSoFar()).toBeGreaterThan(before);
  });

  it('goes on for the others when some of the waiting clients leave', async () => {
    const leaving = Array.from({ length: 10 }, () => {
      const req = httpRequest({
        host: '127.0.0.1',
        port: port(),
        path: `/c/local/api/pods/shop/${pod}/explanation`,
        headers: { host: own() },
        setHost: false,
      });
      req.on('error', () => undefined);
      req.end();
      setTimeout(() => req.destroy(), 1);
      return req;
    });
    const staying = await together(10, `/c/local/api/pods/shop/${pod}/explanation`);
    expect(leaving).toHaveLength(10);
    for (const a of staying) {
      expect(a.status).toBe(200);
      expect((JSON.parse(a.body) as { pod: { name: string } }).pod.name).toBe(pod);
    }
  });
});

describe('an identical read just after', () => {
  /** When the webhook's state was read: the same time in two answers means the second is the first, kept. */
  const readAt = async (headers: Record<string, string> = {}) => {
    const answer = await send('GET', '/c/local/api/webhook', headers);
    expect(answer.status).toBe(200);
    return (JSON.parse(answer.body) as { readAt: string }).readAt;
  };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('gets the answer made a moment ago, and a fresh one once a second has passed', async () => {
    const first = await readAt();
    expect(await readAt()).toBe(first);
    await pause(1100);
    expect(await readAt()).not.toBe(first);
  });

  it('gets a fresh answer when it is a reload or a hard reload', async () => {
    const first = await readAt();
    expect(await readAt({ 'cache-control': 'max-age=0' })).not.toBe(first);
    const second = await readAt({ 'cache-control': 'no-cache' });
    expect(await readAt({ 'cache-control': 'no-cache' })).not.toBe(second);
  });

  it('gets a fresh answer after any write, even one that was refused', async () => {
    const first = await readAt();
    const write = await postFromOwnPage('/c/local/api/webhook/probe', { unexpected: true });
    expect(write.status).toBeGreaterThanOrEqual(200);
    expect(await readAt()).not.toBe(first);
  });
});

// Issue 31: reads anyone can make heavy. Tried on a server of their own, reading the cluster and Prometheus through
// counting proxies, with the limits set as their defaults are (60 answers made per 10 s, 30 access checks a minute)
// and the preview's interval left at its default: what reaches the API server and Prometheus is counted, not assumed.
describe('what one client can make memdash ask of the cluster and Prometheus', () => {
  let memdash: RunningMemdash;
  let api: CountingApiServer;
  let prometheus: Awaited<ReturnType<typeof slowedPrometheus>>;
  const at = (path: string, headers: Record<string, string> = {}) => sendTo(memdash.port, 'GET', path, headers);
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    const cluster = requireCluster();
    if (!cluster.ports?.prometheus) throw new Error('precondition: the local cluster has a Prometheus (npm run cluster:up)');
    api = await countingApiServer();
    prometheus = await slowedPrometheus(`http://127.0.0.1:${cluster.ports.prometheus}`, 0, 0);
    memdash = await startMemdash({
      KUBECONFIG: api.kubeconfig,
      MEMDASH_PROMETHEUS_URL: prometheus.url,
      MEMDASH_HISTORY_PATH: join(mkdtempSync(join(tmpdir(), 'memdash-heavy-reads-')), 'history.sqlite'),
      MEMDASH_READ_LIMIT: '60',
      MEMDASH_ACCESS_LIMIT: '30',
    });
  });
  afterAll(async () => {
    await memdash?.stop();
    await api?.close();
    prometheus?.server.close();
  });

  /** The API calls (watches left out) made while `act` runs and until the server is quiet again. */
  async function apiCallsOf(act: () => Promise<unknown>): Promise<number> {
    const before = api.calls();
    await act();
    await pause(300);
    return api.calls() - before;
  }

  it('answers ?r=1…20 on /api/webhook with no more API calls than one request', async () => {
    expect((await at('/c/local/api/webhook')).status).toBe(200); // the caches are synced and the first reads made
    await pause(1100);
    const one = await apiCallsOf(async () => expect((await at('/c/local/api/webhook')).status).toBe(200));
    expect(one).toBeGreaterThan(0);
    await pause(1100); // the kept answer has gone
    const twenty = await apiCallsOf(async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => at(`/c/local/api/webhook?r=${i + 1}`)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    });
    console.log(`/c/local/api/webhook: ${one} API calls for one request, ${twenty} for ?r=1…20`);
    expect(twenty).toBeLessThanOrEqual(one);
  });

  it('starts at most one preview for 40 aborted in 2 s, and hands it whole to a late-comer', async () => {
    await pause(200);
    const before = prometheus.counts.started;
    const firstAt = performance.now();
    for (let i = 0; i < 40; i++) {
      hangUpOn(memdash.port, '/c/local/api/snapshot/preview', 20);
      await pause(50);
    }
    await until(() => prometheus.counts.open === 0, 60_000);
    await pause(500);
    const aborted = prometheus.counts.started - before;
    // within the interval after that start: the preview that ran, not a new one
    const lateComer = eventsOf(await at('/c/local/api/snapshot/preview'));
    expect(lateComer.at(-1)?.type).toBe('done');
    expect(prometheus.counts.started - before).toBe(aborted);
    // once the interval (10 s by default) has passed, a new preview: what one whole preview asks Prometheus
    await pause(Math.max(0, firstAt + 10_500 - performance.now()));
    const beforeOne = prometheus.counts.started;
    expect(eventsOf(await at('/c/local/api/snapshot/preview')).at(-1)?.type).toBe('done');
    const one = prometheus.counts.started - beforeOne;
    console.log(`the preview: ${aborted} Prometheus requests for 40 aborted in 2 s, ${one} for one whole preview`);
    expect(one).toBeGreaterThan(0);
    expect(aborted).toBeLessThanOrEqual(one);
  });

  it('answers 429 past its limit on /api/access, with Retry-After, the security headers and the JSON error', async () => {
    const ask = () => sendTo(memdash.port, 'POST', '/c/local/api/access', ownPageHeaders(memdash.port), JSON.stringify({ checks: [] }));
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await ask());
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status !== 429).length).toBeLessThanOrEqual(30);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expectRefusal(limited[0]!, /access checks/);
  });

  it('answers 429 to a client that has answers made for it past its limit, and /healthz all the while', async () => {
    // a read answered on its own: made for each request
    const answers = await Promise.all(Array.from({ length: 100 }, () => at('/c/local/api/caches')));
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(70);
    expectRefusal(
      answers.find((a) => a.status === 429)!,
      /MEMDASH_READ_LIMIT/,
    );
    expect((await at('/healthz')).status).toBe(200);
  });
});

function expectRefusal(answer: Answer, message: RegExp): void {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  const body = JSON.parse(answer.body) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('too-many-requests');
  expect(body.error.message).toMatch(message);
}

function eventsOf(answer: Answer): Array<{ type: string }> {
  expect(answer.status).toBe(200);
  return answer.body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string });
}

async function until(holds: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
