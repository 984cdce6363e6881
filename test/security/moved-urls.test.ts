// Issue 57, item 4: every page and API about one cluster moved under /c/{cluster}/. Today's URLs — bookmarks, the
// links the CLI printed, scripts — are answered 308 to the same path and query in the default cluster, method and
// body kept, asked byte for byte as a client sends them; a cluster memdash does not read is a 404.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTo } from './http';
import { startMemdash, type RunningMemdash } from './server';

// the default cluster's name, set here rather than taken from the kubeconfig's context
const NAME = 'stage-a';
let memdash: RunningMemdash | undefined;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'memdash-moved-urls-'));
  memdash = await startMemdash({ MEMDASH_HISTORY_PATH: join(dir, 'history.sqlite'), MEMDASH_CLUSTER_NAME: NAME });
}, 180_000);

afterAll(async () => {
  await memdash?.stop();
});

const get = (target: string) => sendTo(memdash!.port, 'GET', target);
/** A POST as memdash's own page sends it. */
const post = (target: string, body: string) =>
  sendTo(
    memdash!.port,
    'POST',
    target,
    { origin: `http://127.0.0.1:${memdash!.port}`, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body,
  );

describe("today's URLs", () => {
  it.each([
    ['/pods?namespace=shop', `/c/${NAME}/pods?namespace=shop`],
    ['/pods?namespace=%73hop&verdict=differs', `/c/${NAME}/pods?namespace=%73hop&verdict=differs`],
    ['/workloads/shop/web', `/c/${NAME}/workloads/shop/web`],
    ['/table/diff?from=1&to=2', `/c/${NAME}/table/diff?from=1&to=2`],
    ['/api/pods/shop/x/explanation', `/c/${NAME}/api/pods/shop/x/explanation`],
    ['/api/table', `/c/${NAME}/api/table`],
    ['/break-glass/drill', `/c/${NAME}/break-glass/drill`],
  ])('GET %s is sent on to %s', async (old, moved) => {
    const answer = await get(old);
    expect({ status: answer.status, location: answer.headers.location }).toEqual({ status: 308, location: moved });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('a bookmarked page answers once followed, its header and title naming the cluster', async () => {
    const moved = await get('/pods?namespace=shop');
    const page = await get(String(moved.headers.location));
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<title>Pods · memdash · ${NAME}</title>`);
    expect(page.body).toMatch(new RegExp(`data-testid="cluster-name"[^>]*>${NAME}<`));
    // its links stay in the cluster
    expect(page.body).toContain(`href="/c/${NAME}/workloads?namespace=shop"`);
    expect(page.body).toContain(`action="/c/${NAME}/pods"`);
  });

  it('a POST to an old write route is sent on as a POST, and its body reaches the route there', async () => {
    const answer = await post('/api/table/restore', '{}');
    expect({ status: answer.status, location: answer.headers.location }).toEqual({
      status: 308,
      location: `/c/${NAME}/api/table/restore`,
    });
    // the same POST at the new place: the route reads its body (a restore names what to restore: 400), not a 404
    const there = await post(String(answer.headers.location), '{}');
    expect(there.status).toBe(400);
    expect(JSON.parse(there.body)).toMatchObject({ error: { code: 'bad-request' } });
  });

  it.each(['/healthz', '/readyz', '/api/viewer', '/auth/sign-in', '/favicon.svg'])('leaves %s where it is', async (path) => {
    const answer = await get(path);
    expect({ path, status: answer.status }).not.toEqual({ path, status: 308 });
    expect(answer.headers.location ?? '').not.toContain('/c/');
  });

  it('sends / to the default cluster’s home', async () => {
    const answer = await get('/');
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.status).toBeLessThan(400);
    expect(answer.headers.location).toBe(`/c/${NAME}`);
  });

  it('answers 404 for a cluster memdash does not read, page and API', async () => {
    expect((await get('/c/nowhere/pods')).status).toBe(404);
    expect((await get('/c/nowhere/api/pods')).status).toBe(404);
  });
});
