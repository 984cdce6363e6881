import 'server-only';
import type { V1ConfigMap, V1Deployment, V1MutatingWebhookConfiguration } from '@kubernetes/client-node';
import { lastDataWrite, type RegistrationObservation } from '@/lib/domain';
import type { ClusterFacts } from '@/lib/cluster/facts';
import type { KubeCaches } from '@/lib/k8s/caches';
import type { Informer, InformerSubscriber, RawObject } from '@/lib/k8s/informer';
import type { HistoryDb } from './db';
import { recordRegistration, recordReplicas } from './observations';
import { recordTableVersion } from './store';
import { followPods } from './pod-recorder';
import { followWatch } from '@/lib/metrics/recorder';

// The recorder: what the cluster does not keep, written down as it happens. The table's every version, the pod
// webhook's registration (gone, back, entry/failurePolicy/owner changed) and the admission controller's ready
// replicas; and from the pod watch, each pod's requests at creation, its containers' terminations (OOM kills) and
// its eviction (pod-recorder.ts). It follows one cluster's watch-fed caches (lib/k8s/caches.ts): one watch per kind
// feeds both the pages and the history; its facts name what it follows, its HistoryDb is that cluster's. Started once
// per cluster by instrumentation.ts (start.ts); MEMDASH_RECORDER=off leaves it out.
// A (re)start records the state it finds: changes made while no server ran are seen as one change.

export interface Recorder {
  stop(): void;
  done: Promise<void>;
}

/** A recorder that may hold its writes: a replica waiting for the Lease follows the caches but writes nothing yet. */
export interface HeldRecorder extends Recorder {
  /** Writes what was held, in order, then writes as it happens. */
  release(): Promise<void>;
  /** Holds the writes from now on (the Lease was lost). */
  hold(): void;
}

// What a waiting replica keeps: far more than the handful of changes a handover takes.
const HELD_WRITES = 1000;

/** `s`: the cluster's facts. `held`: start holding the writes (with the recorder's Lease) instead of writing at once. */
export function startRecorder(db: HistoryDb, caches: KubeCaches, s: ClusterFacts, held = false): HeldRecorder {
  const writes = new Writes(held);
  // the pods' writes wait apart: thousands of pods held must not push the table's versions out
  const podWrites = new Writes(held);
  const following = [
    follow(caches.table, s.tableConfigMap, writes, tableRecorder(db)),
    follow(caches.mutating, s.webhookConfiguration, writes, registrationRecorder(db, s)),
    follow(caches.admissionDeployment, s.admissionDeployment, writes, replicasRecorder(db)),
    followPods(caches.pods, db, { jenkinsNamespace: s.jenkinsNamespace, run: (write) => void podWrites.run(write) }),
  ];
  if (!held) followed(caches, s);
  let stopped: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (stopped = resolve));
  return {
    stop: () => {
      following.forEach((unsubscribe) => unsubscribe());
      stopped();
    },
    done,
    release: () => (followed(caches, s), void podWrites.release(), writes.release()),
    hold: () => (writes.hold(), podWrites.hold()),
  };
}

/** The watches /metrics reports the lag of: the ones this replica records from. */
function followed(caches: KubeCaches, s: ClusterFacts): void {
  const lastHeard = (cache: Informer<RawObject>) => () => cache.status().lastHeardAt;
  followWatch(`configmap/${s.kyvernoNamespace}/${s.tableConfigMap}`, lastHeard(caches.table));
  followWatch(`mutatingwebhookconfiguration/${s.webhookConfiguration}`, lastHeard(caches.mutating));
  followWatch(`deployment/${s.kyvernoNamespace}/${s.admissionDeployment}`, lastHeard(caches.admissionDeployment));
}

/**
 * The recorder's writes, in the order the caches handed them out. Held, they wait (the newest HELD_WRITES); released,
 * they run in order. A replayed state the old holder already stored is stored once: a table version is unique by its
 * resourceVersion, a table state handed out before one the store holds is not stored, and an observation older than
 * the newest stored one is not stored (see observations.ts).
 */
class Writes {
  private waiting: Array<() => Promise<void>> = [];
  private chain: Promise<void> = Promise.resolve();

  constructor(private held: boolean) {}

  run(write: () => Promise<void>): Promise<void> {
    if (this.held) {
      this.waiting.push(write);
      if (this.waiting.length > HELD_WRITES) this.waiting.shift();
      return Promise.resolve();
    }
    return (this.chain = this.chain.then(write, write));
  }

  release(): Promise<void> {
    this.held = false;
    const replay = this.waiting.splice(0);
    for (const write of replay) this.chain = this.chain.then(write, write);
    return this.chain;
  }

  hold(): void {
    this.held = true;
  }
}

/**
 * What the recorder does with one object's states (null while it does not exist): each call, made as the cache hands
 * the state out, gives the write to run then or, held, later.
 */
interface ObjectRecorder<T> {
  onList(item: T | null, at: Date, listResourceVersion: string): Write;
  onEvent(type: 'ADDED' | 'MODIFIED' | 'DELETED', item: T, at: Date, live: boolean): Write;
}

type Write = () => Promise<void>;

/** One named object of a cache, followed. */
function follow<T extends RawObject>(cache: Informer<RawObject>, name: string, writes: Writes, recorder: ObjectRecorder<T>): () => void {
  const named = (o: RawObject) => o.metadata?.name === name;
  const subscriber: InformerSubscriber<RawObject> = {
    onList: (items, at, rv) => writes.run(recorder.onList((items.find(named) as T | undefined) ?? null, at, rv)),
    onEvent: async (type, item, at, live) => {
      if (named(item)) await writes.run(recorder.onEvent(type, item as T, at, live));
    },
  };
  return cache.subscribe(subscriber);
}

function tableRecorder(db: HistoryDb): ObjectRecorder<V1ConfigMap> {
  // The resourceVersions handed out, in order, written or held: a held state is history when the store holds a
  // version of a state handed out after it (the old Lease holder stored that one, and saw this one before).
  const order: string[] = [];
  const record = (cm: V1ConfigMap | null, at: Date, rv: string): Write => {
    order.push(rv);
    if (order.length > HELD_WRITES) order.shift();
    const write = cm ? lastDataWrite(cm) : null;
    return async () => {
      const i = order.lastIndexOf(rv);
      await recordTableVersion(db, {
        data: cm?.data,
        resourceVersion: rv,
        seenAt: at,
        writtenAt: write?.source === 'data-fields' ? write.at : null,
        seenAfter: i >= 0 ? order.slice(i + 1) : [],
      });
    };
  };
  return {
    onList: (cm, at, listRv) => record(cm, at, cm?.metadata?.resourceVersion ?? `list-${listRv}`),
    onEvent: (type, cm, at) => {
      const rv = cm.metadata?.resourceVersion ?? '';
      return record(type === 'DELETED' ? null : cm, at, type === 'DELETED' ? `deleted-${rv}` : rv);
    },
  };
}

function registrationRecorder(db: HistoryDb, s: ClusterFacts): ObjectRecorder<V1MutatingWebhookConfiguration> {
  const observe = (cfg: V1MutatingWebhookConfiguration | null, at: Date, live: boolean) =>
    recordRegistration(db, observeRegistration(cfg, s.webhookEntry, at, live));
  return {
    onList: (cfg, at) => async () => void (await observe(cfg, at, false)),
    onEvent: (type, cfg, at, live) => async () => void (await observe(type === 'DELETED' ? null : cfg, at, live)),
  };
}

/** What the recorder writes down about the pod webhook's registration (null: deleted) at `at`. */
export function observeRegistration(
  cfg: V1MutatingWebhookConfiguration | null,
  entryName: string,
  at: Date,
  live: boolean,
): RegistrationObservation {
  const entry = cfg?.webhooks?.find((w) => w.name === entryName) ?? null;
  const created = cfg?.metadata?.creationTimestamp;
  return {
    at: at.toISOString(),
    present: entry !== null,
    uid: cfg?.metadata?.uid ?? null,
    createdAt: created ? new Date(created).toISOString() : null,
    failurePolicy: entry?.failurePolicy ?? null,
    owner: cfg?.metadata?.ownerReferences?.map((o) => `${o.kind}/${o.name}`).join(', ') || null,
    live,
  };
}

function replicasRecorder(db: HistoryDb): ObjectRecorder<V1Deployment> {
  const observe = (d: V1Deployment | null, at: Date) =>
    recordReplicas(db, {
      at: at.toISOString(),
      ready: d ? (d.status?.readyReplicas ?? 0) : null,
      desired: d ? (d.spec?.replicas ?? 1) : null,
    });
  return {
    onList: (d, at) => async () => void (await observe(d, at)),
    onEvent: (type, d, at) => async () => void (await observe(type === 'DELETED' ? null : d, at)),
  };
}
