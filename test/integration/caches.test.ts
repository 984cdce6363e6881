// The watch-fed caches (lib/k8s/informer.ts, lib/k8s/caches.ts) on the local cluster: not trusted before their first
// list, then the same objects the API server lists (slimmed), a change seen through the watch, a 410 Gone answered
// by a relist, and a watch lost for real (its TCP connection cut by a proxy between the cache and the API server):
// the cache says it is behind, readers get null (they read directly), and once the connection is back it resumes
// from its resourceVersion without a relist and sees what changed meanwhile.
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeconfig, kubectl, kubectlJson, patchTableRow, requireCluster, until } from './cluster';
import { viewerAt } from './viewer-at';
import { tcpProxy } from './tcp-proxy';

requireCluster();
process.env.KUBECONFIG = kubeconfig('viewer');
const { cachesFor, whenFresh, behindNotes } = await import('@/lib/k8s/caches');
const { Informer } = await import('@/lib/k8s/informer');
const { slimOwner } = await import('@/lib/k8s/slim');

const ROW = 'development_memdash-caches-test_app';
const patchRow = (value: string | null) => patchTableRow(ROW, value);
const rowIn = (cache: { list(): unknown[] }) => (cache.list()[0] as { data?: Record<string, string> } | undefined)?.data?.[ROW];

const kc = new KubeConfig();
kc.loadFromFile(kubeconfig('viewer'));
const caches = cachesFor(kc);

afterAll(async () => {
  await caches.stop();
  try {
    patchRow(null);
  } catch {
    // already gone
  }
});

describe('a watch-fed cache', () => {
  it('is not trusted before its first list, then holds every pod the API server lists, slimmed', async () => {
    expect(caches.pods.behind()).toMatch(/has not finished its first list/);
    expect(whenFresh(caches.pods, (c) => c.list())).toBeNull(); // started by this first use, not yet synced
    expect(await caches.pods.whenSynced(60_000)).toBe(true);
    const listed = kubectlJson<{ items: Array<{ metadata: { namespace: string; name: string } }> }>(['get', 'pods', '-A']).items;
    const cached = whenFresh(caches.pods, (c) => c.list())!;
    const names = (pods: Array<{ metadata: { namespace?: string; name?: string } }>) =>
      pods.map((p) => `${p.metadata.namespace}/${p.metadata.name}`).sort();
    expect(names(cached)).toEqual(names(listed)); // nothing was created or deleted in between in this scenario
    const one = cached[0]!;
    expect(Object.keys(one.metadata)).not.toContain('managedFields');
    // the containers' memory, and where the pod runs and may run (the next table's fit)
    const kept = ['containers', 'initContainers', 'nodeName', 'nodeSelector', 'tolerations'];
    expect(Object.keys(one.spec).every((k) => kept.includes(k))).toBe(true);
    expect(one.spec.containers.every((c) => Object.keys(c).join() === 'name,resources')).toBe(true);
  });

  it("holds each namespace's pods apart: a pod made and removed in one moves that namespace's version only", async () => {
    expect(await caches.pods.whenSynced(60_000)).toBe(true);
    const names = (namespace: string) => caches.pods.listIn(namespace).map((p) => p.metadata.name ?? '');
    const listed = (namespace: string) =>
      kubectlJson<{ items: Array<{ metadata: { name: string } }> }>(['-n', namespace, 'get', 'pods']).items.map((p) => p.metadata.name);
    // the scenario's shop stands still meanwhile; the pod comes and goes in development
    expect(names('shop').sort()).toEqual(listed('shop').sort());
    const shopBefore = caches.pods.namespaceVersion('shop');
    const developmentBefore = caches.pods.namespaceVersion('development');
    const node = kubectlJson<{ items: Array<{ metadata: { name: string } }> }>(['get', 'nodes']).items[0]!.metadata.name;
    const name = `memdash-caches-ns-${Date.now().toString(36)}`;
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'development' },
      spec: { nodeName: node, tolerations: [{ operator: 'Exists' }], containers: [{ name: 'app', image: 'registry.local/app:1' }] },
    };
    kubectl(['create', '-f', '-'], 'admin', JSON.stringify(pod));
    try {
      await until('the pod in its namespace', () => names('development').includes(name), 20_000);
      expect(caches.pods.namespaceVersion('development')).not.toBe(developmentBefore);
    } finally {
      kubectl(['-n', 'development', 'delete', 'pod', name, '--grace-period=0', '--force', '--ignore-not-found'], 'admin');
    }
    await until('the pod gone from its namespace', () => !names('development').includes(name), 20_000);
    expect(names('development').sort()).toEqual(listed('development').sort());
    expect(caches.pods.namespaceVersion('shop')).toBe(shopBefore);
    expect(names('shop').sort()).toEqual(listed('shop').sort());
  });

  it('sees a change of the table through its watch, and parses nothing in between', async () => {
    caches.table.start();
    await caches.table.whenSynced(30_000);
    const before = caches.table.version;
    patchRow('111Mi');
    await until('the row in the cache', () => rowIn(caches.table) === '111Mi', 10_000);
    expect(caches.table.version).toBe(before + 1);
    expect(caches.table.behind()).toBeNull();
  });

  it('lists again when the API server answers 410 Gone for the resourceVersion it resumes from', async () => {
    // a kind whose CRD came after resourceVersion 1: the API server's watch cache for it starts later, and answers
    // a watch from 1 with 410 Gone ("too old resource version"), as after a connection lost for long
    const clusters = new Informer(kc, {
      name: 'clusters.postgresql.cnpg.io',
      path: '/apis/postgresql.cnpg.io/v1/clusters',
      slim: slimOwner,
    }).start();
    try {
      expect(await clusters.whenSynced(30_000)).toBe(true);
      const held = () =>
        clusters
          .list()
          .map((c) => `${c.metadata.namespace}/${c.metadata.name}`)
          .sort();
      const before = held();
      expect(before.length).toBeGreaterThan(0);
      clusters.resumeFrom('1');
      await until('a relist', () => clusters.status().relists === 1, 30_000);
      expect(clusters.behind()).toBeNull();
      expect(held()).toEqual(before);
    } finally {
      await clusters.stop();
    }
  });
});

describe('a watch lost for real', () => {
  const proxy = tcpProxy(new URL(kc.getCurrentCluster()!.server).port);
  afterAll(() => proxy.close());

  it('is reported, its cache is not used, and it resumes without a relist when the connection is back', async () => {
    const port = await proxy.open();
    const viaProxy = viewerAt(port);
    const table = new Informer(viaProxy, { ...caches.table.spec }).start();
    try {
      expect(await table.whenSynced(30_000)).toBe(true);
      expect(whenFresh(table, () => 'cached')).toBe('cached');

      proxy.cut();
      await until('the lost watch reported', () => table.behind()?.includes('lost its watch'), 30_000);
      expect(whenFresh(table, () => 'cached')).toBeNull();
      expect(behindNotes(table)[0]).toMatch(/lost its watch .*: read directly from the API server instead\.$/);
      expect(table.status().watchesLost).toBe(1);

      patchRow('133Mi'); // while the cache cannot hear of it
      await proxy.open(port);
      await until('the change made while the watch was lost', () => rowIn(table) === '133Mi', 60_000);
      expect(table.behind()).toBeNull();
      expect(table.status().relists).toBe(0); // resumed from its resourceVersion
    } finally {
      await table.stop();
    }
  });
});

describe('a change its watch never delivered', () => {
  const proxy = tcpProxy(new URL(kc.getCurrentCluster()!.server).port);
  const NAMESPACE = 'memdash-cache-repair';
  beforeAll(() => {
    kubectl(['delete', 'namespace', NAMESPACE, '--ignore-not-found', '--wait=true'], 'admin');
    kubectl(['create', 'namespace', NAMESPACE], 'admin');
    for (const name of ['kept', 'deleted-unheard']) {
      kubectl(['create', 'configmap', name, '-n', NAMESPACE, '--from-literal=a=b'], 'admin');
    }
  });
  afterAll(() => {
    proxy.close();
    kubectl(['delete', 'namespace', NAMESPACE, '--ignore-not-found', '--wait=false'], 'admin');
  });

  it('is found by comparing the cache with a fresh list twice, and repaired by a relist', async () => {
    const port = await proxy.open();
    const viaProxy = viewerAt(port);
    const checks = { everyMs: 2_000, againAfterMs: 2_000 };
    const configmaps = new Informer(
      viaProxy,
      { name: 'configmaps', path: `/api/v1/namespaces/${NAMESPACE}/configmaps`, slim: slimOwner },
      checks,
    );
    const held = () =>
      configmaps
        .list()
        .map((c) => c.metadata.name)
        .filter((name) => name !== 'kube-root-ca.crt')
        .sort();
    try {
      expect(await configmaps.start().whenSynced(30_000)).toBe(true);
      expect(held()).toEqual(['deleted-unheard', 'kept']);

      // the watch cut; meanwhile one configmap deleted, then the watch resumed from a version past that deletion:
      // the cache never hears of it, as when the API server's watch skips a change
      proxy.cut();
      await until('the lost watch reported', () => configmaps.behind()?.includes('lost its watch'), 30_000);
      kubectl(['delete', 'configmap', 'deleted-unheard', '-n', NAMESPACE], 'admin');
      const after = kubectl(
        ['create', 'configmap', 'created-after', '-n', NAMESPACE, '-o', 'jsonpath={.metadata.resourceVersion}', '--from-literal=a=b'],
        'admin',
      );
      configmaps.resumeFrom(after);
      await proxy.open(port);
      await until('the watch back', () => configmaps.behind() === null, 30_000);
      // neither the deletion nor the creation at the version resumed from was delivered
      expect(held()).toEqual(['deleted-unheard', 'kept']);
      expect(configmaps.status().repairs).toBe(0);

      await until('the repair', () => !held().includes('deleted-unheard'), 30_000);
      expect(held()).toEqual(['created-after', 'kept']);
      expect(configmaps.status()).toMatchObject({ repairs: 1, relists: 1 });
    } finally {
      await configmaps.stop();
    }
  });
});
