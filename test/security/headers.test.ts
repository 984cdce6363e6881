// Issue 9, item 4: every response carries the headers that keep memdash out of other sites' frames and caches.
import { describe, expect, it } from 'vitest';
import { expectSecurityHeaders, send } from './http';

describe('security headers', () => {
  it('are on pages, API answers, health routes, static files and not-found pages', async () => {
    const home = await send('GET', '/c/local/table');
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(home.body)?.[1];
    expect(script, 'a script of the built app, named in its HTML').toBeDefined();
    for (const path of [
      '/',
      '/c/local/table',
      '/c/local/webhook',
      '/c/local/api/pods',
      '/c/local/api/webhook',
      '/healthz',
      '/readyz',
      script!,
      '/no-such-page',
      '/c/local/api/table/diff?format=csv',
    ]) {
      expectSecurityHeaders(path, await send('GET', path));
    }
  });

  it('include Cache-Control: no-store on API JSON and the health routes', async () => {
    for (const path of ['/c/local/api/pods', '/c/local/api/webhook', '/healthz', '/readyz', '/c/local/api/table/snapshots']) {
      const answer = await send('GET', path);
      expect({ path, cache: answer.headers['cache-control'] }).toEqual({ path, cache: expect.stringContaining('no-store') });
    }
  });
});
