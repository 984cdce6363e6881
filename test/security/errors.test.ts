// Issue 9, item 5: what odd methods, names and parameters get back, and what the server logs and reveals.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { kubeconfig } from '../integration/cluster';
import { json, postFromOwnPage, send, serverLog } from './http';

const STACK_LINE = /^\s+at .+\(.+:\d+:\d+\)$/m;

describe('errors', () => {
  it('answers TRACE (and other methods it does not serve) with 405, logging no stack', async () => {
    const before = serverLog().length;
    for (const path of ['/c/local/api/pods', '/c/local/api/webhook/probe', '/healthz', '/']) {
      for (const method of ['TRACE', 'PROPFIND']) {
        const answer = await send(method, path);
        expect({ method, path, status: answer.status }).toEqual({ method, path, status: 405 });
      }
    }
    expect(serverLog().slice(before)).not.toMatch(STACK_LINE);
  });

  it('answers 404 for a page of a name Kubernetes would refuse, of something not there, or with bad parameters', async () => {
    for (const path of [
      '/c/local/pods/Shop/web',
      '/c/local/pods/shop/web_1',
      '/c/local/pods/shop/no-such-pod',
      '/c/local/workloads/shop/no-such-workload',
      '/c/local/workloads/Shop/web',
      '/c/local/workloads/shop/a..b',
      '/c/local/table/diff?from=abc',
      '/c/local/pods?limit=0',
      '/c/local/pods?namespace=Bad_NS',
    ]) {
      const answer = await send('GET', path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
    expect((await send('GET', '/c/local/workloads/shop/web')).status).toBe(200);
  });

  it('reports a bad limit as a bad parameter, not an invalid name', async () => {
    const answer = await send('GET', '/c/local/api/pods?limit=abc');
    expect(answer.status).toBe(400);
    expect(json<{ error: { code: string; message: string } }>(answer).error).toMatchObject({
      code: 'bad-request',
      message: expect.stringContaining('limit'),
    });
  });

  it('says plainly that an import body is not JSON', async () => {
    const answer = await send(
      'POST',
      '/c/local/api/history/imports',
      { origin: `http://127.0.0.1:${(await import('./http')).port()}`, 'content-type': 'application/json' },
      'fileName=a.json&content=x',
    );
    // an import is a write: the write guard reads its body, and says so in its words
    expect(answer.status).toBe(400);
    expect(json<{ error: { message: string } }>(answer).error.message).toBe('The request body is not JSON');
    const form = await postFromOwnPage('/c/local/api/history/imports', {}, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(json<{ error: { message: string } }>(form).error.message).toContain('JSON only (Content-Type application/json)');
  });

  it("keeps the API server's URL off /readyz; the home page shows it", async () => {
    const server = (parse(readFileSync(kubeconfig('viewer'), 'utf8')) as { clusters: Array<{ cluster: { server: string } }> }).clusters[0]!
      .cluster.server;
    const readyz = await send('GET', '/readyz');
    expect(readyz.status).toBe(200);
    expect(readyz.body).not.toContain(new URL(server).host);
    expect((await send('GET', '/c/local')).body).toContain(server);
  });

  it('never logs a stack trace or a credential over the whole run so far', () => {
    const log = serverLog();
    expect(log).not.toMatch(STACK_LINE);
    const token = (parse(readFileSync(kubeconfig('viewer'), 'utf8')) as { users: Array<{ user: { token?: string } }> }).users[0]!.user
      .token;
    if (token) expect(log).not.toContain(token);
  });
});
