// A 403 from an API server that is not ready (lib/k8s/readiness.ts): after a restart, the local API server at 20,000
// pods refused memdash's read credential for some seconds, and memdash passed the 403 on as RBAC's answer. Here the
// API server is made not ready for real by pausing etcd for a few seconds (its /readyz then fails its etcd check, while
// its authorizer still answers from its own cache), and a read the viewer is not allowed gets the server's 403.
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, describe, expect, it } from 'vitest';
import { kubeconfig, kubectl, requireCluster, until } from './cluster';
import { viewerAt } from './viewer-at';
import { tcpProxy } from './tcp-proxy';

const state = requireCluster();
process.env.KUBECONFIG = kubeconfig('viewer');
const { clientsFor } = await import('@/lib/k8s/client');
const { toAppError } = await import('@/lib/errors');
const { Informer } = await import('@/lib/k8s/informer');
const { slimOwner } = await import('@/lib/k8s/slim');

const kc = new KubeConfig();
kc.loadFromFile(kubeconfig('viewer'));
// the viewer's RBAC has no secrets: the API server refuses this list with 403
const listSecretsAs = (config: KubeConfig) =>
  clientsFor(config)
    .core.listNamespacedSecret({ namespace: 'default' })
    .then(() => null, toAppError);
const listSecrets = () => listSecretsAs(kc);
const ready = () => {
  try {
    return kubectl(['get', '--raw', '/readyz', '--request-timeout=5s']) === 'ok';
  } catch {
    return false;
  }
};

// a /readyz answer is kept for one second: the next 403 asks again
const pastKeptReadyz = () => new Promise((r) => setTimeout(r, 1_100));

describe('a 403 from an API server', () => {
  it('is RBAC’s answer while the server is ready, and a 503 to retry while it is not', async () => {
    expect(await listSecrets()).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/cannot list resource "secrets"/) });

    const etcd = state.processes.etcd?.pid;
    if (!etcd) throw new Error('precondition failed: the state names no etcd process (run `npm run cluster:up`)');
    // paused for a few seconds only: the controllers' leases (15 s) must not lapse
    await pastKeptReadyz();
    process.kill(etcd, 'SIGSTOP');
    let whileNotReady: unknown;
    try {
      whileNotReady = await listSecrets();
    } finally {
      process.kill(etcd, 'SIGCONT');
    }
    expect(whileNotReady).toMatchObject({ code: 'unreachable', status: 503, retryAfterSeconds: 5 });
    expect((whileNotReady as Error).message).toMatch(
      /^The Kubernetes API server is not ready \(.*readyz.*\): it refused the request with 403/,
    );

    await until('the API server ready again', ready, 60_000);
    await pastKeptReadyz();
    expect(await listSecrets()).toMatchObject({ code: 'forbidden' });
  });
});

describe('a 403 from an API server memdash’s watches lost, or just heard again', () => {
  // the API server reached through a proxy of its own: to memdash another server, which its watch loses and hears
  // again when the proxy is cut and opened, as after a restart
  const proxy = tcpProxy(new URL(kc.getCurrentCluster()!.server).port);
  afterAll(() => proxy.close());

  it('is a 503 to retry while the watch has lost it and just after it is back; the same server heard all along gives RBAC’s 403', async () => {
    const port = await proxy.open();
    const viaProxy = viewerAt(port);
    const namespaces = new Informer(viaProxy, { name: 'namespaces', path: '/api/v1/namespaces', slim: slimOwner }).start();
    try {
      expect(await namespaces.whenSynced(30_000)).toBe(true);
      await pastKeptReadyz();
      expect(await listSecretsAs(viaProxy)).toMatchObject({ code: 'forbidden' }); // heard all along

      proxy.cut();
      await until('the lost watch reported', () => namespaces.behind()?.includes('lost its watch'), 30_000);
      // the watch retries after 1 s, then 2 s, then 4 s: opened in that last pause, the server answers reads before
      // the watch hears it again
      await new Promise((r) => setTimeout(r, 3_500));
      await proxy.open(port);
      const whileLost = await listSecretsAs(viaProxy);
      expect(namespaces.behind()).toMatch(/lost its watch/); // the read came before the watch's next try
      expect(whileLost).toMatchObject({ code: 'unreachable', status: 503, retryAfterSeconds: 5 });
      expect((whileLost as Error).message).toMatch(
        /^The Kubernetes API server was lost to memdash's watches \d+ s ago and not heard again since: it refused the request with 403/,
      );
      await until('the watch back', () => namespaces.behind() === null, 30_000);
      const refused = await listSecretsAs(viaProxy);
      expect(refused).toMatchObject({ code: 'unreachable', status: 503, retryAfterSeconds: 5 });
      expect((refused as Error).message).toMatch(/^The Kubernetes API server came back \d+ s ago: it refused the request with 403/);
      // the API server reached directly was never lost: its 403 is RBAC's
      expect(await listSecrets()).toMatchObject({ code: 'forbidden' });
    } finally {
      await namespaces.stop();
    }
  });
});
