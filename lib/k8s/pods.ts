import 'server-only';
import type { V1Pod } from '@kubernetes/client-node';
import { z } from 'zod';
import type { Cluster } from '@/lib/cluster/cluster';
import { formatTime, toDate, type PodShape } from '@/lib/domain';
import { AppError, toAppError } from '@/lib/errors';
import type { PodRef } from './names';
import { derived, derivedIn, whenFresh } from './caches';
import type { CachedPod } from './slim';
import type { Informer } from './informer';

// The fields of a pod the explanation relies on; anything else may be absent.
const podFields = z.object({
  metadata: z.object({ name: z.string(), namespace: z.string(), creationTimestamp: z.union([z.date(), z.string()]) }),
  spec: z.object({ containers: z.array(z.object({ name: z.string() })).min(1) }),
});

/** A pod as client-node returns it, checked to carry the fields lib/domain's PodShape needs. */
export type LoadedPod = V1Pod & PodShape;

/** The pod as lib/domain's PodShape, or null when the API answered without the fields the verdicts rely on. */
export function asPodShape(pod: V1Pod): LoadedPod | null {
  return podFields.safeParse(pod).success ? (pod as LoadedPod) : null;
}

/**
 * What a pod that is not there is answered with (the API server's words for it): also the answer to anyone who may
 * not list pods in its namespace, so that the two cannot be told apart.
 */
export function podNotFound(ref: PodRef): string {
  return `No pod ${ref.namespace}/${ref.name}: pods "${ref.name}" not found`;
}

/** The pod, or a not-found AppError that names it. */
export async function readPod(cluster: Cluster, ref: PodRef): Promise<LoadedPod> {
  try {
    const pod = await cluster.clients().core.readNamespacedPod({ namespace: ref.namespace, name: ref.name });
    podFields.parse(pod);
    return pod as LoadedPod;
  } catch (err) {
    const mapped = toAppError(err);
    if (mapped.code === 'not-found') throw new AppError('not-found', podNotFound(ref));
    throw err;
  }
}

/**
 * Pods of one namespace, or of all namespaces when none is given: from the watch-fed cache (metadata, owners,
 * containers' memory and phase only; the array is shared, not to be changed), or read directly while it is behind.
 */
export async function listPods(cluster: Cluster, namespace?: string): Promise<V1Pod[]> {
  const { pods } = cluster.caches();
  // Every pod of the cluster read directly is every whole pod as a typed object, all in memory at once: while the
  // cache's first list is under way (it reads the same pods, slimmed page by page), wait for it instead.
  if (!namespace) await pods.start().whenSynced(FIRST_LIST_WAIT_MS);
  const cached = whenFresh(pods, (c) => (namespace ? podsByNamespace(c, namespace) : everyPod(c)));
  if (cached) return cached as V1Pod[];
  const k = cluster.clients();
  const list = namespace ? await k.core.listNamespacedPod({ namespace }) : await k.core.listPodForAllNamespaces();
  return list.items;
}

// One array per change of the cache, shared by the callers (they do not change it): /workloads keeps its list while
// it is the same array.
const everyPod = derived((cache: Informer<CachedPod>) => cache.list());

// per namespace, made again only when a pod of that namespace changed
const podsByNamespace = derivedIn((pods: CachedPod[]) => pods);

/**
 * How long a read of every pod waits for the pod cache's first list before reading directly: well past what that list
 * takes at production size (the benchmarks print how long the caches take to list: docs/benchmarks.md).
 */
const FIRST_LIST_WAIT_MS = 30_000;

/** The pod's creation time as Kubernetes writes it (client-node hands it over as a Date). */
export function timestampOf(pod: PodShape): string | null {
  const created = toDate(pod.metadata.creationTimestamp);
  return created ? formatTime(created) : null;
}
