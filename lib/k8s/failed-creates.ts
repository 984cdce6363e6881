import 'server-only';
import { failedCreatesByOwner, isLabelName, isObjectName, POD_CREATORS, quotaRefusalsByOwner, type FailedCreateGroup } from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import { readOrNull, type KubeClients } from './client';
import { FAILED_CREATE_EVENTS, whenFresh, type KubeCaches } from './caches';
import { readEvents } from './events';

const SHOWN = 20;
/** Owners looked up at most per read: events about objects that are not there must not buy API calls without end. */
const CHECKED = 2 * SHOWN;

/**
 * Recent FailedCreate events anywhere whose message names the pod webhook, written by the controller that tried and
 * about one that exists, grouped by that controller. An event about an object that is not there is not evidence.
 */
export async function readFailedCreates(cluster: Cluster, now = new Date()): Promise<FailedCreateGroup[]> {
  const [k, caches] = [cluster.clients(), cluster.caches()];
  const events = await readEvents(k, caches.failedCreates, FAILED_CREATE_EVENTS);
  const groups = failedCreatesByOwner(events, cluster.facts.webhookEntry, now).slice(0, CHECKED);
  const there = await Promise.all(groups.map((g) => ownerExists(k, caches, g.owner)));
  return groups.filter((_, i) => there[i]).slice(0, SHOWN);
}

/**
 * Recent FailedCreate events refused by a ResourceQuota (the quota admission runs after Kyverno: a raised request is
 * refused there), checked as readFailedCreates checks them. They are not the webhook's refusals.
 */
export async function readQuotaRefusals(cluster: Cluster, now = new Date()): Promise<FailedCreateGroup[]> {
  const [k, caches] = [cluster.clients(), cluster.caches()];
  const events = await readEvents(k, caches.failedCreates, FAILED_CREATE_EVENTS);
  const groups = quotaRefusalsByOwner(events, now).slice(0, CHECKED);
  const there = await Promise.all(groups.map((g) => ownerExists(k, caches, g.owner)));
  return groups.filter((_, i) => there[i]).slice(0, SHOWN);
}

/** From the owners' watch-fed cache when it can be trusted, else read directly. */
async function ownerExists(k: KubeClients, caches: Pick<KubeCaches, 'owners'>, owner: FailedCreateGroup['owner']): Promise<boolean> {
  const creator = POD_CREATORS[owner.kind];
  const cache = caches.owners[owner.kind];
  // An event's object may be named with any text: only a name Kubernetes would accept goes into a URL.
  if (!creator || !cache || !isLabelName(owner.namespace) || !isObjectName(owner.name)) return false;
  const cached = whenFresh(cache, (c) => c.get(owner.namespace, owner.name) !== undefined);
  if (cached !== null) return cached;
  const [group, version] = creator.apiVersion.split('/') as [string, string];
  const read = { group, version, namespace: owner.namespace, plural: creator.plural, name: owner.name };
  return (await readOrNull(() => k.custom.getNamespacedCustomObject(read))) !== null;
}
