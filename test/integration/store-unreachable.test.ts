// A PostgreSQL store that cannot be reached (a restart in progress, a network cut): a route that is the store says so,
// a 503 naming the history store, never the Kubernetes API server (the word for any other refused connection), and
// answers again once the store is back. The store is reached through a TCP proxy that is closed for real. Runs in
// the postgres group only: it needs the local cluster's PostgreSQL.
import { afterAll, describe, expect, it } from 'vitest';
import { kubeconfig, requireCluster } from './cluster';
import { tcpProxy } from './tcp-proxy';
import { newTestStore } from '../stores';

requireCluster();
const store = await newTestStore('postgres');
const direct = new URL(store.location);
const proxy = tcpProxy(direct.port);
const port = await proxy.open();
process.env.KUBECONFIG = kubeconfig('viewer');
process.env.DATABASE_URL = Object.assign(new URL(store.location), { port: String(port) }).toString();
const snapshots = await import('@/app/c/[cluster]/api/table/snapshots/route');
const { closeHistoryDb } = await import('@/lib/history');

afterAll(async () => {
  await closeHistoryDb();
  proxy.close();
  await store.remove();
});

describe('a PostgreSQL store out of reach', () => {
  it('GET /api/table/snapshots: 503 naming the history store while it is away, 200 once it is back', async () => {
    expect((await snapshots.GET()).status).toBe(200);

    proxy.cut(); // the pool's idle connections end, and a new one is refused
    await new Promise((r) => setTimeout(r, 200));
    const away = await snapshots.GET();
    expect(away.status).toBe(503);
    const { error } = (await away.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('unreachable');
    expect(error.message).toMatch(/^The history store (cannot be reached|ended the connection)/);
    expect(error.message).not.toMatch(/Kubernetes/);

    await proxy.open(port);
    expect((await snapshots.GET()).status).toBe(200);
  });
});
