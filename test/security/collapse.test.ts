// Issue 14: identical reads that arrive while one is being answered get a copy of its answer (lib/http/collapse.ts).
// Tried on the built server: every copy whole and right for its own request, and nothing shared that must not be.
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { own, port, postFromOwnPage, send, type Answer } from './http';

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
  const found = JSON.parse((await send('GET', '/api/pods?namespace=shop&limit=1')).body) as { pods: Array<{ name: string }> };
  if (!found.pods[0]) throw new Error('the local cluster has no pod in namespace shop: run npm run cluster:up');
  pod = found.pods[0].name;
});

describe('identical reads at once', () => {
  it('all get the whole pod page, each with its own length, and most are copies of one answer', async () => {
    const before = await collapsedSoFar();
    const answers = await together(40, `/pods/shop/${pod}`, { 'accept-encoding': 'gzip' });
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
      together(15, `/pods/shop/${pod}`, { cookie: 'memdash-theme=dark' }),
      together(15, `/pods/shop/${pod}`, { cookie: 'memdash-theme=light' }),
    ]);
    for (const a of dark) expect(a.body).toContain('data-theme="dark"');
    for (const a of light) expect(a.body).toContain('data-theme="light"');
  });

  it('answers every request for a pod that is not there with its 404 (a 404 is never shared)', async () => {
    const answers = await together(20, '/pods/shop/no-such-pod-at-all');
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
  });

  it('goes on for the others when some of the waiting clients leave', async () => {
    const leaving = Array.from({ length: 10 }, () => {
      const req = httpRequest({
        host: '127.0.0.1',
        port: port(),
        path: `/api/pods/shop/${pod}/explanation`,
        headers: { host: own() },
        setHost: false,
      });
      req.on('error', () => undefined);
      req.end();
      setTimeout(() => req.destroy(), 1);
      return req;
    });
    const staying = await together(10, `/api/pods/shop/${pod}/explanation`);
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
    const answer = await send('GET', '/api/webhook', headers);
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
    const write = await postFromOwnPage('/api/webhook/probe', { unexpected: true });
    expect(write.status).toBeGreaterThanOrEqual(200);
    expect(await readAt()).not.toBe(first);
  });
});
