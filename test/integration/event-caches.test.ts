// The event caches of the webhook page and the pod page (lib/k8s/caches.ts) on the local cluster: an event created
// after the cache listed reaches the readers through the watch (shown by reading with clients whose API server is
// gone: a direct read would fail), and while a cache is behind (its own API server unreachable, so it never lists)
// the readers read directly and give the same answer.
import { createServer } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POD_ENTRY, kubeconfig, kubectl, requireCluster, until } from './cluster';
import { viewerAt } from './viewer-at';
import type { KubeCaches } from '@/lib/k8s/caches';
import type { KubeClients } from '@/lib/k8s/client';
import type { Cluster } from '@/lib/cluster/cluster';

requireCluster();
process.env.KUBECONFIG = kubeconfig('viewer');
const { cachesFor } = await import('@/lib/k8s/caches');
const { clientsFor } = await import('@/lib/k8s/client');
const { readFailedCreates } = await import('@/lib/k8s/failed-creates');
const { readGlobalContextEntry } = await import('@/lib/k8s/policy-objects');
const { readFailedCreatesOf, readOomKillsOn, readPodEndEventsOf } = await import('@/lib/k8s/events');
const { makeCluster } = await import('@/lib/cluster/cluster');
const { factsFromSettings } = await import('@/lib/cluster/facts');
const { settings } = await import('@/lib/config');

const RUN = `memdash-event-cache-${Date.now().toString(36)}`;
const ENTRY = 'memory-requests'; // the GlobalContextEntry the settings name by default

const kc = new KubeConfig();
kc.loadFromFile(kubeconfig('viewer'));
const caches = cachesFor(kc);
const clients = clientsFor(kc);
const viewer = makeCluster(
  {
    name: 'test',
    inCluster: false,
    prometheus: {},
    facts: factsFromSettings(settings()),
    identity: { usernamePrefix: '', groupsPrefix: '', writeAsUser: true },
  },
  kc,
);
/** The viewer's cluster reading with these clients and these caches: the readers take both from their cluster. */
const clusterWith = (k: KubeClients, c: KubeCaches): Cluster => ({ ...viewer, clients: () => k, caches: () => c });

/** The viewer's kubeconfig aimed at a port nothing listens on: every call is refused, as by a server that is gone. */
async function unreachable(): Promise<KubeConfig> {
  const server = createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  await new Promise((resolve) => server.close(resolve));
  return viewerAt(port);
}
let goneKc: KubeConfig;
beforeAll(async () => void (goneKc = await unreachable()));

/**
 * What `read` gives from the caches with clients that reach no API server (only the cache can answer), checked to be
 * what it gives read directly around caches that cannot list (their API server is gone).
 */
async function sameFromCacheAndDirectly<T>(
  read: (k: KubeClients, c: KubeCaches) => Promise<T>,
  cacheOf: (c: KubeCaches) => { behind(): string | null },
): Promise<T> {
  const fromCache = await read(clientsFor(goneKc), caches);
  const behind = cachesFor(goneKc);
  const direct = await read(clients, behind);
  expect(cacheOf(behind).behind()).not.toBeNull();
  expect(direct).toEqual(fromCache);
  return fromCache;
}

const created: Array<[namespace: string, name: string]> = [];
function createEvent(namespace: string, name: string, fields: Record<string, unknown>): void {
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const event = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace },
    type: 'Warning',
    firstTimestamp: now,
    lastTimestamp: now,
    ...fields,
  };
  kubectl(['create', '-f', '-'], 'admin', JSON.stringify(event));
  created.push([namespace, name]);
}

// A refused create counts only about a controller that exists: the ReplicaSet the events name, with no pods to make.
const replicaSet = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name: `${RUN}-rs`, namespace: 'development' },
  spec: {
    replicas: 0,
    selector: { matchLabels: { app: `${RUN}-rs` } },
    template: { metadata: { labels: { app: `${RUN}-rs` } }, spec: { containers: [{ name: 'app', image: 'busybox' }] } },
  },
};
beforeAll(() => void kubectl(['create', '-f', '-'], 'admin', JSON.stringify(replicaSet)));

afterAll(async () => {
  await caches.stop();
  await cachesFor(goneKc).stop();
  for (const [namespace, name] of created) kubectl(['-n', namespace, 'delete', 'event', name, '--ignore-not-found'], 'admin');
  kubectl(['-n', 'development', 'delete', 'replicaset', `${RUN}-rs`, '--ignore-not-found'], 'admin');
});

const refusal = `Error creating: Internal error occurred: failed calling webhook "${POD_ENTRY}": failed to call webhook: connection refused`;

describe('the FailedCreate events cache', () => {
  it('holds a refused create that happened after it listed, slimmed, and readFailedCreates answers from it', async () => {
    caches.failedCreates.start();
    expect(await caches.failedCreates.whenSynced(30_000)).toBe(true);
    caches.owners.ReplicaSet!.start();
    await until('the ReplicaSet in its cache', () => caches.owners.ReplicaSet!.get('development', `${RUN}-rs`), 30_000);
    createEvent('development', `${RUN}-rs.1`, {
      involvedObject: { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'development', name: `${RUN}-rs` },
      reason: 'FailedCreate',
      message: refusal,
      count: 3,
      source: { component: 'replicaset-controller' },
    });
    const ours = () => caches.failedCreates.list().find((e) => e.involvedObject.name === `${RUN}-rs`);
    await until('the event in the cache', ours, 10_000);
    expect(Object.keys(ours()!).sort()).toEqual([
      'count',
      'firstTimestamp',
      'involvedObject',
      'lastTimestamp',
      'message',
      'metadata',
      'reason',
      'source',
      'type',
    ]);

    // clients that cannot reach any API server: only the cache can give this answer
    const groups = await readFailedCreates(clusterWith(clientsFor(goneKc), caches));
    const group = groups.find((g) => g.owner.name === `${RUN}-rs`);
    expect(group).toMatchObject({ owner: { kind: 'ReplicaSet', namespace: 'development' }, count: 3, message: refusal });
    expect(group!.last).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
  });

  it('is read around while it is behind: the same answer, read directly', async () => {
    const groups = await sameFromCacheAndDirectly(
      (k, c) => readFailedCreates(clusterWith(k, c)),
      (c) => c.failedCreates,
    );
    expect(groups.some((g) => g.owner.name === `${RUN}-rs`)).toBe(true);
  });

  it("gives the pod page one controller's refused creates from it, as read directly in its namespace", async () => {
    // the event the first test created: only the cache can answer the clients that reach no API server
    await until('the event in the cache', () => caches.failedCreates.list().some((e) => e.involvedObject.name === `${RUN}-rs`), 10_000);
    const events = await sameFromCacheAndDirectly(
      (k, c) => readFailedCreatesOf(k, 'development', `${RUN}-rs`, c),
      (c) => c.failedCreates,
    );
    expect(events).toMatchObject([{ reason: 'FailedCreate', message: refusal, count: 3 }]);
  });
});

describe('the OOMKilling events cache', () => {
  it("gives the pod page a node's kernel kill that came after it listed, as read directly", async () => {
    caches.oomKillingEvents.start();
    expect(await caches.oomKillingEvents.whenSynced(30_000)).toBe(true);
    // a node of this run's own: no other test's kills are on it
    const node = `${RUN}-node`;
    const message = `Memory cgroup out of memory: Killed process 4242 (java) in kubepods-burstable-pod${RUN}.slice`;
    createEvent('default', `${RUN}-oom.1`, {
      involvedObject: { kind: 'Node', name: node, uid: node },
      reason: 'OOMKilling',
      message,
      source: { component: 'kernel-monitor' }, // node-problem-detector's
    });
    createEvent('default', `${RUN}-oom.2`, {
      involvedObject: { kind: 'Node', name: `${node}-other`, uid: `${node}-other` },
      reason: 'OOMKilling',
      message,
    });
    await until('both events in the cache', () => caches.oomKillingEvents.list().filter((e) => e.message === message).length === 2, 10_000);

    const events = await sameFromCacheAndDirectly(
      (k, c) => readOomKillsOn(k, node, c),
      (c) => c.oomKillingEvents,
    );
    expect(events).toMatchObject([{ reason: 'OOMKilling', message, involvedObject: { kind: 'Node', name: node } }]);
  });
});

describe("the caches of a pod's own end events", () => {
  it('give the pod page the events of its reasons that came after they listed, as read directly', async () => {
    for (const cache of Object.values(caches.podEndEvents)) cache.start();
    for (const cache of Object.values(caches.podEndEvents)) expect(await cache.whenSynced(30_000)).toBe(true);
    const pod = `${RUN}-ended`;
    const on = (name: string) => ({ kind: 'Pod', name, namespace: 'development', uid: name });
    createEvent('development', `${RUN}-ended.1`, { involvedObject: on(pod), reason: 'Killing', message: 'Stopping container app' });
    createEvent('development', `${RUN}-ended.2`, {
      involvedObject: on(pod),
      reason: 'BackOff',
      message: 'Back-off restarting failed container app',
    });
    // not listed: another reason, another pod of that namespace, the same pod's name in another namespace
    createEvent('development', `${RUN}-ended.3`, { involvedObject: on(pod), reason: 'Scheduled', message: 'Successfully assigned' });
    createEvent('development', `${RUN}-other.1`, {
      involvedObject: on(`${RUN}-other`),
      reason: 'Killing',
      message: 'Stopping container app',
    });
    createEvent('default', `${RUN}-ended.4`, {
      involvedObject: { ...on(pod), namespace: 'default' },
      reason: 'Killing',
      message: 'elsewhere',
    });
    await until(
      'the BackOff event in its cache',
      () => caches.podEndEvents.BackOff.listIn('development').some((e) => e.involvedObject.name === pod),
      10_000,
    );
    await until(
      'the Killing events in their cache',
      () => caches.podEndEvents.Killing.list().filter((e) => e.involvedObject.name === pod).length === 2,
      10_000,
    );

    const events = await sameFromCacheAndDirectly(
      (k, c) => readPodEndEventsOf(k, 'development', pod, c),
      (c) => c.podEndEvents.Killing,
    );
    expect(events.map((e) => [e.reason, e.message])).toEqual([
      ['Killing', 'Stopping container app'],
      ['BackOff', 'Back-off restarting failed container app'],
    ]);
  });
});

describe("the GlobalContextEntry's events cache", () => {
  it('holds an event about the entry that came after it listed, and the entry is read with it', async () => {
    caches.globalContextEntryEvents.start();
    expect(await caches.globalContextEntryEvents.whenSynced(30_000)).toBe(true);
    const message = `${RUN}: failed to load the table`;
    createEvent('default', `${RUN}-gce.1`, {
      involvedObject: { apiVersion: 'kyverno.io/v2', kind: 'GlobalContextEntry', name: ENTRY },
      reason: 'CacheSyncFailure',
      message,
      count: 2,
      source: { component: 'globalcontext-controller' }, // Kyverno's global context controller
    });
    await until('the event in the cache', () => caches.globalContextEntryEvents.list().some((e) => e.message === message), 10_000);

    // the entry itself is read directly (live), its events only from the cache (the events client cannot connect)
    const read = await readGlobalContextEntry(clusterWith({ ...clients, core: clientsFor(goneKc).core }, caches));
    expect(read.exists).toBe(true);
    expect(read.events[0]).toMatchObject({ type: 'Warning', reason: 'CacheSyncFailure', message, count: 2 });
    expect(read.events[0]!.last).toMatch(/\.000Z$/);

    const direct = await readGlobalContextEntry(clusterWith(clients, cachesFor(goneKc)));
    expect(cachesFor(goneKc).globalContextEntryEvents.behind()).not.toBeNull();
    expect(direct.events).toEqual(read.events);
  });
});
