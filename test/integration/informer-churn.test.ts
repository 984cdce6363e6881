// A watch-fed cache whose first list is paged while pods come and go (issue 37's soak: a replica started during
// churn kept a pod deleted around its start until its next relist). The cache lists 1,200 pods in pages of 500;
// between its first and second page the test deletes pods already listed and pods not listed yet, and creates new
// ones, all for real on the API server. Once synced, the cache must hold exactly what a fresh kubectl list holds.
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeconfig, kubectl, requireCluster, until } from './cluster';

requireCluster();
const { Informer } = await import('@/lib/k8s/informer');
const { slimPod } = await import('@/lib/k8s/slim');

const NAMESPACE = 'memdash-informer-churn';
const POD_COUNT = 1200;
const podName = (i: number) => `churn-${String(i).padStart(4, '0')}`;

function podManifests(names: string[]): string {
  const items = names.map((name) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: NAMESPACE, labels: { app: 'churn' } },
    // no scheduler of that name: never scheduled, no events; the test is about the list and the watch
    spec: { schedulerName: 'memdash-no-scheduler', containers: [{ name: 'app', image: 'registry.invalid/app' }] },
  }));
  return JSON.stringify({ apiVersion: 'v1', kind: 'List', items });
}

function listedNames(): string[] {
  const names = kubectl(['get', 'pods', '-n', NAMESPACE, '-o', 'name']).trim().split('\n');
  return names.map((n) => `${NAMESPACE}/${n.replace(/^pod\//, '')}`).sort();
}

beforeAll(() => {
  kubectl(['delete', 'namespace', NAMESPACE, '--ignore-not-found', '--wait=true'], 'admin');
  kubectl(['create', 'namespace', NAMESPACE], 'admin');
  const names = Array.from({ length: POD_COUNT }, (_, i) => podName(i));
  for (let i = 0; i < names.length; i += 300) kubectl(['create', '-f', '-'], 'admin', podManifests(names.slice(i, i + 300)));
}, 300_000);

// gone before the next file: tests that list every pod expect the scenario's
afterAll(() => {
  kubectl(['delete', 'namespace', NAMESPACE, '--ignore-not-found', '--wait=true', '--timeout=240s'], 'admin');
}, 300_000);

describe('a cache whose first list is paged while pods change', () => {
  it('holds what the API server lists once synced: deletions and creations between pages are not lost', async () => {
    const kc = new KubeConfig();
    kc.loadFromFile(kubeconfig('viewer'));
    // listed in page order; the first page holds churn-0000..0499, the last churn-1000..1199
    const deletedListed = [podName(10), podName(250), podName(499)];
    const deletedUnlisted = [podName(700), podName(1100), podName(1199)];
    const created = [podName(5000), podName(5001)];
    let slimmed = 0;
    let changedBetweenPages = false;
    const cache = new Informer(kc, {
      name: 'pods in the churn namespace',
      path: `/api/v1/namespaces/${NAMESPACE}/pods`,
      slim: (raw) => {
        slimmed++;
        // the last pod of the first page: the change lands before the second page is asked for
        if (slimmed === 500 && !changedBetweenPages) {
          changedBetweenPages = true;
          kubectl(['delete', 'pods', '-n', NAMESPACE, '--wait=false', ...deletedListed, ...deletedUnlisted], 'admin');
          kubectl(['create', '-f', '-'], 'admin', podManifests(created));
        }
        return slimPod(raw);
      },
    }).start();
    try {
      expect(await cache.whenSynced(60_000)).toBe(true);
      expect(changedBetweenPages).toBe(true);
      const expected = listedNames();
      expect(expected).toHaveLength(POD_COUNT - deletedListed.length - deletedUnlisted.length + created.length);
      const held = () =>
        cache
          .list()
          .map((p) => `${p.metadata.namespace}/${p.metadata.name}`)
          .sort();
      await until('the cache holding what the API server lists', () => JSON.stringify(held()) === JSON.stringify(expected), 15_000).catch(
        () => {
          const extra = held().filter((n) => !expected.includes(n));
          const missing = expected.filter((n) => !held().includes(n));
          throw new Error(
            `the cache differs from a fresh list: extra ${extra.join(', ') || 'none'}; missing ${missing.join(', ') || 'none'}`,
          );
        },
      );
      expect(cache.status().relists).toBe(0);
    } finally {
      await cache.stop();
    }
  });
});
