import 'server-only';
import { z } from 'zod';
import type { Cluster } from '@/lib/cluster/cluster';
import { isLabelName, isObjectName } from '@/lib/domain';
import { toAppError } from '@/lib/errors';
import { whenFresh, type KubeCaches } from './caches';

/** One link of a pod's controller-owner chain, for display: pod → ReplicaSet → Deployment, Job → CronJob, … */
export interface OwnerLink {
  kind: string;
  name: string;
  apiVersion: string;
  /** Why the chain stops at this link without reading it further (forbidden, gone, a kind memdash does not follow). */
  note: string | null;
}

const ownerRef = z.object({
  apiVersion: z.string(),
  kind: z.string(),
  name: z.string(),
  controller: z.boolean().optional(),
});
const ownedObject = z.object({ metadata: z.object({ ownerReferences: z.array(ownerRef).optional() }) });
type OwnerRef = z.infer<typeof ownerRef>;

// Kinds whose own controller owner is worth reading; the plural is what the API path needs.
const FOLLOWED: Record<string, string> = {
  ReplicaSet: 'replicasets',
  Deployment: 'deployments',
  StatefulSet: 'statefulsets',
  DaemonSet: 'daemonsets',
  Job: 'jobs',
  CronJob: 'cronjobs',
  Cluster: 'clusters', // CloudNativePG, postgresql.cnpg.io/v1
};
const MAX_DEPTH = 4;

// The caches hold the built-in controllers (apps, batch); another group's kind of the same name is read directly.
const CACHED_GROUPS: Record<string, string> = {
  ReplicaSet: 'apps',
  Deployment: 'apps',
  StatefulSet: 'apps',
  DaemonSet: 'apps',
  Job: 'batch',
  CronJob: 'batch',
};

/** The owner from the watch-fed cache; undefined (read it directly) when not cached, behind, or not there yet. */
function cachedOwner(caches: KubeCaches, kind: string, group: string, namespace: string, name: string): unknown {
  const cache = CACHED_GROUPS[kind] === group ? caches.owners[kind] : undefined;
  return cache ? (whenFresh(cache, (c) => c.get(namespace, name)) ?? undefined) : undefined;
}

function controllerRef(refs: readonly OwnerRef[] | undefined): OwnerRef | null {
  return refs?.find((r) => r.controller === true) ?? null;
}

/** Follows controller owners up from a pod; a link that cannot be read ends the chain with a note, never an error. */
export async function readOwnerChain(
  cluster: Cluster,
  namespace: string,
  podOwners: readonly OwnerRef[] | undefined,
): Promise<OwnerLink[]> {
  const chain: OwnerLink[] = [];
  let ref = controllerRef(podOwners);
  while (ref && chain.length < MAX_DEPTH) {
    const link: OwnerLink = { kind: ref.kind, name: ref.name, apiVersion: ref.apiVersion, note: null };
    chain.push(link);
    const plural = FOLLOWED[ref.kind];
    const [group, version] = ref.apiVersion.includes('/') ? ref.apiVersion.split('/') : ['', ref.apiVersion];
    if (!plural || !group || !version) break;
    // An ownerReference may hold any text: only a name Kubernetes would accept goes into a URL.
    if (!isObjectName(ref.name) || !isObjectName(group) || !isLabelName(version)) {
      link.note = 'not a valid Kubernetes name: not read';
      break;
    }
    try {
      const owner =
        cachedOwner(cluster.caches(), ref.kind, group, namespace, ref.name) ??
        (await cluster.clients().custom.getNamespacedCustomObject({ group, version, namespace, plural, name: ref.name }));
      ref = controllerRef(ownedObject.parse(owner).metadata.ownerReferences);
    } catch (err) {
      const mapped = toAppError(err);
      if (mapped.code === 'unreachable') throw err;
      link.note = mapped.code === 'not-found' ? 'gone' : mapped.message;
      break;
    }
  }
  return chain;
}
