import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect } from 'vitest';
import type { Cluster } from '@/lib/cluster/cluster';
import { factsFromSettings } from '@/lib/cluster/facts';
import { settings } from '@/lib/config';
import type { KubeCaches } from '@/lib/k8s/caches';
import type { InformerSubscriber } from '@/lib/k8s/informer';
import { it } from './__fixtures__/store';
import { historyFor, type HistoryDb } from './db';
import { listRegistrationObservations } from './observations';
import type { recordWhileLeading } from './recorder-lease';
import { startRecorders } from './start';
import { listVersions, readVersion } from './store';
import { listTerminations } from './terminations';

// A recorder per cluster (lib/history/start.ts), on a real store with two clusters whose caches are stand-ins that
// list what each cluster holds: a second local cluster costs minutes of the two cores, and what is proven here is which
// cluster's caches, facts, store and credential each recorder takes. The recorder's following of real watches is
// test/integration/history.test.ts's.

const facts = factsFromSettings(settings());

/** A cache that lists `items` to each subscriber, as a synced informer does. */
function listing(items: object[]) {
  return {
    subscribe(subscriber: InformerSubscriber<object>) {
      void subscriber.onList?.(items, new Date('2026-12-01T12:00:00Z'), '1');
      return () => undefined;
    },
    status: () => ({ lastHeardAt: null }),
  };
}

/** What one cluster holds: its table's rows, its registration's uid, a pod of shop/web killed for memory. */
function cachesOf(name: string, p90: string): KubeCaches {
  const table = {
    metadata: { name: facts.tableConfigMap, namespace: facts.kyvernoNamespace, resourceVersion: '42' },
    data: { shop_web_app: p90 },
  };
  const registration = {
    metadata: { name: facts.webhookConfiguration, uid: `reg-${name}`, creationTimestamp: '2026-11-01T00:00:00Z' },
    webhooks: [{ name: facts.webhookEntry, failurePolicy: 'Ignore' }],
  };
  const pod = {
    metadata: {
      name: 'web-6d4f9-abcde',
      namespace: 'shop',
      uid: `pod-${name}`,
      creationTimestamp: '2026-12-01T08:00:00Z',
      labels: { 'pod-template-hash': '6d4f9' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-6d4f9', uid: 'rs', controller: true }],
    },
    spec: { containers: [{ name: 'app', resources: { limits: { memory: '512Mi' } } }] },
    status: {
      phase: 'Running',
      containerStatuses: [
        {
          name: 'app',
          restartCount: 1,
          lastState: { terminated: { reason: 'OOMKilled', exitCode: 137, finishedAt: '2026-12-01T10:00:00Z' } },
        },
      ],
    },
  };
  return {
    table: listing([table]),
    mutating: listing([registration]),
    admissionDeployment: listing([]),
    pods: listing([pod]),
  } as unknown as KubeCaches;
}

function clusterOf(name: string, db: HistoryDb, caches: () => KubeCaches): Cluster {
  const kc = new KubeConfig();
  return {
    name,
    facts,
    identity: { usernamePrefix: '', groupsPrefix: '', writeAsUser: true },
    prometheus: {},
    kubeConfig: () => kc,
    clients: () => {
      throw new Error('a recorder reads its cluster through its caches only');
    },
    caches,
    cachesMade: () => undefined,
    history: async () => historyFor(db, name),
  };
}

async function until<T>(what: string, read: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const got = await read();
    if (got !== null) return got;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never: ${what}`);
}

const recorded = (db: HistoryDb) =>
  until(`${db.cluster}'s version`, async () => ((await listVersions(db)).length > 0 ? listVersions(db) : null));

describe('a recorder per cluster', () => {
  it('records each cluster’s table, registration and pods into its own store, and one that fails leaves the others', async ({ db }) => {
    const prd = clusterOf('prd', db, () => cachesOf('prd', '300Mi'));
    const broken = clusterOf('broken', db, () => {
      throw new Error('the kubeconfig has no context named "gone"');
    });
    const stage = clusterOf('stage', db, () => cachesOf('stage', '450Mi'));
    const recorders = await startRecorders([prd, broken, stage], { recorderLease: undefined, recorderLeaseSeconds: 15 });
    try {
      expect(recorders.started).toEqual(['prd', 'stage']);
      for (const [name, p90] of [
        ['prd', '300Mi'],
        ['stage', '450Mi'],
      ] as const) {
        const own = historyFor(db, name);
        const versions = await recorded(own);
        expect(versions).toHaveLength(1);
        expect((await readVersion(own, versions[0]!.id))?.data).toEqual({ shop_web_app: p90 });
        const registration = await until('the registration', async () => {
          const o = await listRegistrationObservations(own);
          return o.length > 0 ? o : null;
        });
        expect(registration.map((o) => o.uid)).toEqual([`reg-${name}`]);
        const ends = await until('the OOM kill', async () => {
          const t = await listTerminations(own, { namespace: 'shop', workload: 'web', from: '2026-12-01T00:00:00Z' });
          return t.length > 0 ? t : null;
        });
        expect(ends.map((t) => t.uid)).toEqual([`pod-${name}`]);
      }
      expect(await listVersions(historyFor(db, 'broken'))).toEqual([]);
    } finally {
      recorders.stop();
    }
  });

  it('with MEMDASH_RECORDER_LEASE, takes the Lease in each cluster with its own credential, and records once it holds it', async ({
    db,
  }) => {
    const prd = clusterOf('prd', db, () => cachesOf('prd', '300Mi'));
    const stage = clusterOf('stage', db, () => cachesOf('stage', '450Mi'));
    const asked: Array<{ kc: KubeConfig; ref: { namespace: string; name: string }; seconds: number }> = [];
    const holders: Array<() => void> = [];
    const lead: typeof recordWhileLeading = (kc, ref, seconds, start) => {
      asked.push({ kc, ref, seconds });
      holders.push(() => void start());
      return { identity: 'this-replica', stop: () => undefined };
    };
    const recorders = await startRecorders([prd, stage], { recorderLease: 'memdash/recorder', recorderLeaseSeconds: 9 }, lead);
    try {
      expect(asked.map((a) => [a.kc === prd.kubeConfig(), a.kc === stage.kubeConfig(), a.ref, a.seconds])).toEqual([
        [true, false, { namespace: 'memdash', name: 'recorder', cluster: 'prd' }, 9],
        [false, true, { namespace: 'memdash', name: 'recorder', cluster: 'stage' }, 9],
      ]);
      // nothing is written before this replica holds a cluster's Lease; then what it held is written
      await new Promise((r) => setTimeout(r, 200));
      expect(await listVersions(historyFor(db, 'stage'))).toEqual([]);
      holders[1]!();
      expect((await recorded(historyFor(db, 'stage'))).map((v) => v.rows)).toEqual([1]);
      expect(await listVersions(historyFor(db, 'prd'))).toEqual([]);
    } finally {
      recorders.stop();
    }
  });
});
