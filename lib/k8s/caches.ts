import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import { settings } from '@/lib/config';
import { factsFromSettings, type ClusterFacts } from '@/lib/cluster/facts';
import type { Cluster } from '@/lib/cluster/cluster';
import { checkTimesEvery, Informer, type CacheListing, type CacheStatus, type RawObject } from './informer';
import {
  slimDeployment,
  slimEvent,
  slimNamespace,
  slimOwner,
  slimPod,
  withoutManagedFields,
  type CachedEvent,
  type CachedPod,
  type OwnerObject,
} from './slim';

// The process's watch-fed caches, one set per read credential, created on first use and shared by every request
// and by the recorder (one watch per kind). On globalThis: Next may load this module more than once in one server.

export interface KubeCaches {
  /** The table ConfigMap, whole (its managedFields give the last write time). */
  table: Informer<RawObject>;
  mutating: Informer<RawObject>;
  validating: Informer<RawObject>;
  /** The admission controller's Deployment. */
  admissionDeployment: Informer<RawObject>;
  /** The admission controller's pods, with their status (nodes, readiness, restarts). */
  admissionPods: Informer<RawObject>;
  namespaces: Informer<ReturnType<typeof slimNamespace>>;
  /** Every pod: metadata, owners, containers' names and memory, phase. */
  pods: Informer<CachedPod>;
  /** The controllers a pod's owner chain passes through, by kind: metadata and owners only. */
  owners: Record<string, Informer<OwnerObject>>;
  /** FailedCreate events in every namespace (what a refused pod create leaves). */
  failedCreates: Informer<CachedEvent>;
  /** The GlobalContextEntry's events (a failed load of the table says why there). */
  globalContextEntryEvents: Informer<CachedEvent>;
  /** OOMKilling events in every namespace (node-problem-detector's, on the node): the pod page's kernel kills. */
  oomKillingEvents: Informer<CachedEvent>;
  /** The events the kubelet and the scheduler leave on a pod when it ends or is refused, one cache per reason. */
  podEndEvents: Record<PodEndReason, Informer<CachedEvent>>;
  stop(): Promise<void>;
}

const KEY = Symbol.for('memdash.kube-caches');
type WithCaches = typeof globalThis & { [KEY]?: WeakMap<KubeConfig, KubeCaches> };

/** The caches of another credential (a test's own kubeconfig), with the default facts. */
export function cachesFor(kc: KubeConfig, facts: ClusterFacts = factsFromSettings(settings())): KubeCaches {
  const g = globalThis as WithCaches;
  const others = (g[KEY] ??= new WeakMap());
  let caches = others.get(kc);
  if (!caches) others.set(kc, (caches = createCaches(kc, facts)));
  return caches;
}

/** Every cache of a set, the ones kept by kind or by reason included. */
function everyCache(caches: Omit<KubeCaches, 'stop'>): Array<Informer<unknown>> {
  return [
    caches.table,
    caches.mutating,
    caches.validating,
    caches.admissionDeployment,
    caches.admissionPods,
    caches.namespaces,
    caches.pods,
    ...Object.values(caches.owners),
    caches.failedCreates,
    caches.globalContextEntryEvents,
    caches.oomKillingEvents,
    ...Object.values(caches.podEndEvents),
  ];
}

/** A cluster's caches started so far (each starts on its first use); never starts one. */
function startedCaches(cluster: Cluster): Array<Informer<unknown>> {
  const caches = cluster.cachesMade();
  return caches ? everyCache(caches).filter((c) => c.started) : [];
}

/** A cluster's started caches' statuses, for /metrics. */
export const cacheStatusesOf = (cluster: Cluster): CacheStatus[] => startedCaches(cluster).map((c) => c.status());

/** One cluster's started caches with the digests of their names, for /api/caches; never starts one. */
export function cacheListingsOf(cluster: Cluster): CacheListing[] {
  return startedCaches(cluster).map((c) => c.listing());
}

const byName = (name: string) => `metadata.name=${name}`;

// Events are selected by the API server, which still scans every event for a field selector, slow where events are
// many: watched, that scan happens once per (re)list instead of once per read.
export const FAILED_CREATE_EVENTS = 'reason=FailedCreate';
export const OOM_KILLING_EVENTS = 'reason=OOMKilling';
/** The reasons of a pod's own events that the pod page lists: how its containers ended, or why it did not run. */
export const POD_END_REASONS = ['Evicted', 'OOMKilled', 'Killing', 'BackOff', 'Preempted'] as const;
export type PodEndReason = (typeof POD_END_REASONS)[number];
export const globalContextEntryEventSelector = (name: string) => `involvedObject.kind=GlobalContextEntry,involvedObject.name=${name}`;

/** A cluster's caches, reading with its credential the objects its facts name. */
export function createCaches(kc: KubeConfig, s: ClusterFacts): KubeCaches {
  const ns = s.kyvernoNamespace;
  const checks = checkTimesEvery(settings().cacheCheckSeconds);
  const informer = <T>(spec: ConstructorParameters<typeof Informer<T>>[1]) => new Informer<T>(kc, spec, checks);
  const owner = (path: string, kind: string) => informer({ name: kind, path, slim: slimOwner });
  const caches: Omit<KubeCaches, 'stop'> = {
    table: informer({
      name: `configmap ${ns}/${s.tableConfigMap}`,
      path: `/api/v1/namespaces/${ns}/configmaps`,
      fieldSelector: byName(s.tableConfigMap),
      slim: (o) => o,
    }),
    mutating: informer({
      name: 'mutatingwebhookconfigurations',
      path: '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations',
      slim: withoutManagedFields,
    }),
    validating: informer({
      name: 'validatingwebhookconfigurations',
      path: '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations',
      slim: withoutManagedFields,
    }),
    admissionDeployment: informer({
      name: `deployment ${ns}/${s.admissionDeployment}`,
      path: `/apis/apps/v1/namespaces/${ns}/deployments`,
      fieldSelector: byName(s.admissionDeployment),
      slim: slimDeployment,
    }),
    admissionPods: informer({
      name: `pods ${s.admissionPodSelector} in ${ns}`,
      path: `/api/v1/namespaces/${ns}/pods`,
      labelSelector: s.admissionPodSelector,
      slim: withoutManagedFields,
    }),
    namespaces: informer({ name: 'namespaces', path: '/api/v1/namespaces', slim: slimNamespace }),
    pods: informer({ name: 'pods', path: '/api/v1/pods', slim: slimPod }),
    owners: {
      ReplicaSet: owner('/apis/apps/v1/replicasets', 'replicasets'),
      Deployment: owner('/apis/apps/v1/deployments', 'deployments'),
      StatefulSet: owner('/apis/apps/v1/statefulsets', 'statefulsets'),
      DaemonSet: owner('/apis/apps/v1/daemonsets', 'daemonsets'),
      Job: owner('/apis/batch/v1/jobs', 'jobs'),
      CronJob: owner('/apis/batch/v1/cronjobs', 'cronjobs'),
    },
    failedCreates: informer({
      name: 'FailedCreate events',
      path: '/api/v1/events',
      fieldSelector: FAILED_CREATE_EVENTS,
      slim: slimEvent,
    }),
    globalContextEntryEvents: informer({
      name: `events of globalcontextentry ${s.globalContextEntry}`,
      path: '/api/v1/events',
      fieldSelector: globalContextEntryEventSelector(s.globalContextEntry),
      slim: slimEvent,
    }),
    oomKillingEvents: informer({ name: 'OOMKilling events', path: '/api/v1/events', fieldSelector: OOM_KILLING_EVENTS, slim: slimEvent }),
    // one watch per reason: a field selector takes one value per field
    podEndEvents: Object.fromEntries(
      POD_END_REASONS.map((reason) => [
        reason,
        informer({ name: `${reason} events`, path: '/api/v1/events', fieldSelector: `reason=${reason}`, slim: slimEvent }),
      ]),
    ) as Record<PodEndReason, Informer<CachedEvent>>,
  };
  return { ...caches, stop: async () => void (await Promise.all(everyCache(caches).map((c) => c.stop()))) };
}

/**
 * The cache's answer when it can be trusted, started on first use; null (read directly) while it cannot: not yet
 * synced (the first request after start does not wait for 20,000 pods), its watch lost, or silent too long.
 */
export function whenFresh<T, R>(cache: Informer<T>, answer: (cache: Informer<T>) => R): R | null {
  cache.start();
  return cache.behind() === null ? answer(cache) : null;
}

/** A value computed from a cache once per change of it (the table parsed once per write, the pod list's rows). */
export function derived<T, R>(compute: (cache: Informer<T>) => R): (cache: Informer<T>) => R {
  const memo = new WeakMap<Informer<T>, { version: number; value: R }>();
  return (cache) => {
    const kept = memo.get(cache);
    if (kept && kept.version === cache.version) return kept.value;
    const value = compute(cache);
    memo.set(cache, { version: cache.version, value });
    return value;
  };
}

/** What derivedIn needs of a cache: one namespace's objects, and what moves when they change. */
export interface ByNamespace<T> {
  listIn(namespace: string): T[];
  namespaceVersion(namespace: string): string;
}

/**
 * A value computed from one namespace's objects of a cache once per change of that namespace: pods created and
 * deleted elsewhere, many a second in a big cluster, do not make it again. A namespace the cache holds nothing of is
 * computed each time and not kept, so asking for made-up names keeps nothing.
 */
export function derivedIn<T, R>(compute: (objects: T[]) => R): (cache: ByNamespace<T>, namespace: string) => R {
  const memo = new WeakMap<ByNamespace<T>, Map<string, { version: string; value: R }>>();
  return (cache, namespace) => {
    let kept = memo.get(cache);
    if (!kept) memo.set(cache, (kept = new Map()));
    const version = cache.namespaceVersion(namespace);
    const hit = kept.get(namespace);
    if (hit && hit.version === version) return hit.value;
    const objects = cache.listIn(namespace);
    const value = compute(objects);
    if (objects.length > 0) kept.set(namespace, { version, value });
    else kept.delete(namespace);
    return value;
  };
}

/** What the pages say when caches they use are behind (they then read directly). */
export function behindNotes(...caches: Array<Informer<unknown>>): string[] {
  return caches
    .map((c) => c.behind())
    .filter((why): why is string => why !== null && !why.endsWith('has not finished its first list'))
    .map((why) => `${why[0]!.toUpperCase()}${why.slice(1)}: read directly from the API server instead.`);
}
