import 'server-only';
import type { V1Pod } from '@kubernetes/client-node';
import type { Cluster } from '@/lib/cluster/cluster';
import {
  NOT_AS_THE_TABLE_SAYS,
  PLAIN_POD_ORDER,
  SORTS_BY_CONTAINER,
  compareNames,
  sortPods,
  workloadOf,
  type PodOrder,
} from '@/lib/domain';
import { seesNamespace, visible, type Rights } from '@/lib/domain/rights';
import { derived, derivedIn, whenFresh } from '@/lib/k8s/caches';
import type { Informer } from '@/lib/k8s/informer';
import { asPodShape, listPods, timestampOf, type LoadedPod } from '@/lib/k8s/pods';
import type { CachedPod } from '@/lib/k8s/slim';
import { perCluster } from './per-cluster';
import { judgingAt, verdictsOf, type ListedVerdict } from './pod-verdicts';
import type { PodContainerRow, PodListRow, PodSearch, PodSummary, PodVerdictFilter } from './pods-types';

export type { PodListRow, PodSearch, PodSummary, PodVerdictFilter };

/**
 * Pods matching a namespace and a name fragment in the namespaces the asker may list pods in, sorted by namespace and
 * name, at most `limit` of them; the total is of what they see.
 */
export async function findPods(cluster: Cluster, search: PodSearch, rights: Rights): Promise<{ pods: PodSummary[]; total: number }> {
  const matches = await matchingPods(cluster, search, rights);
  return { pods: matches.slice(0, search.limit).map((m) => m.summary), total: matches.length };
}

/**
 * The pod list's rows: as findPods, each container with its request, row and verdict, in the asked order, and only
 * the pods with a container under `verdict` when it is given ("differs": any verdict where the request is not the
 * table's).
 */
export async function findPodsWithVerdicts(
  cluster: Cluster,
  search: PodSearch,
  verdict: PodVerdictFilter | undefined,
  now: Date,
  rights: Rights,
  order: PodOrder = PLAIN_POD_ORDER,
): Promise<{ pods: PodListRow[]; total: number }> {
  const [matches, judging] = await Promise.all([matchingPods(cluster, search, rights), judgingAt(cluster, now)]);
  const byContainer = SORTS_BY_CONTAINER.has(order.sort);
  // Without a verdict filter or order only the page shown needs its verdicts: every match is counted, only the page
  // explained.
  const judgeAll = verdict !== undefined || byContainer;
  const ordered = byContainer || isPlain(order) ? matches : sortPods(matches, order, (m) => m.summary);
  const candidates = judgeAll ? ordered : ordered.slice(0, search.limit);
  const verdicts = await verdictsOf(
    candidates.map((m) => m.pod),
    judging,
  );
  const rows = candidates
    .map((m, i) => ({ ...m.summary, containers: verdicts[i]!.map(containerRow) }))
    .filter((row) => !verdict || row.containers.some((c) => matchesVerdict(c, verdict)));
  const shown = byContainer ? sortPods(rows, order, (r) => r) : rows;
  return { pods: shown.slice(0, search.limit), total: verdict ? rows.length : matches.length };
}

// the pods come from the cache (and from a list) in this order already
const isPlain = (order: PodOrder) => order.sort === PLAIN_POD_ORDER.sort && order.direction === PLAIN_POD_ORDER.direction;

function matchesVerdict(container: PodContainerRow, filter: PodVerdictFilter): boolean {
  return filter === 'differs' ? NOT_AS_THE_TABLE_SAYS.has(container.verdict) : container.verdict === filter;
}

function containerRow(c: ListedVerdict): PodContainerRow {
  return { name: c.name, init: c.init, request: c.request, row: c.row, verdict: c.verdict };
}

/** A pod as the lists use it: its shape checked, and its summary (namespace, name, workload, phase, creation). */
export interface ListedPod {
  pod: LoadedPod;
  summary: PodSummary;
}

async function matchingPods(cluster: Cluster, search: PodSearch, rights: Rights): Promise<ListedPod[]> {
  // a namespace they may not list pods in is searched as an empty one: the answer never tells what is in it
  if (search.namespace && !seesNamespace(rights, search.namespace)) return [];
  const needle = search.name?.trim().toLowerCase() ?? '';
  // from the pod cache the rows are made once per change of it; a search then only filters them
  const rows =
    whenFresh(cluster.caches().pods, (c) => (search.namespace ? rowsByNamespace(cluster)(c, search.namespace) : sortedRows(cluster)(c))) ??
    matchesOf(await listPods(cluster, search.namespace), cluster.facts.jenkinsNamespace);
  const seen = search.namespace ? rows : visible(rights, rows, (row) => row.summary.namespace);
  return needle ? seen.filter(({ summary: p }) => p.name.includes(needle) || (p.workload?.name.includes(needle) ?? false)) : seen;
}

// each cluster's rows from its own pod cache, its pods' workloads told by its own Jenkins namespace
const sortedRows = perCluster((cluster) =>
  derived((cache: Informer<CachedPod>) => matchesOf(cache.list() as V1Pod[], cluster.facts.jenkinsNamespace)),
);

// one namespace's rows, made again only when a pod of it changed: churn elsewhere does not sort 20,000 rows per request
const rowsByNamespace = perCluster((cluster) =>
  derivedIn((pods: CachedPod[]) => matchesOf(pods as V1Pod[], cluster.facts.jenkinsNamespace)),
);

function matchesOf(pods: V1Pod[], jenkinsNamespace: string): ListedPod[] {
  return pods
    .flatMap((pod) => listedPod(pod, jenkinsNamespace) ?? [])
    .sort((a, b) => compareNames(a.summary.namespace, b.summary.namespace) || compareNames(a.summary.name, b.summary.name));
}

// A cached pod is the same object until it changes, and in a big cluster some pod changes every second: the rows are
// made again on each change, but each pod's row only when that pod is new or changed, so /pods right after a change
// costs what the changed pods cost (bench/load.ts: docs/benchmarks.md). /workloads reads its pods through here too.
const listed = new WeakMap<V1Pod, { jenkinsNamespace: string; match: ListedPod | null }>();

/** The pod as the lists use it, or null when it lacks what they need; made once per version of a cached pod. */
export function listedPod(raw: V1Pod, jenkinsNamespace: string): ListedPod | null {
  const kept = listed.get(raw);
  if (kept && kept.jenkinsNamespace === jenkinsNamespace) return kept.match;
  const pod = asPodShape(raw);
  const match = pod && { pod, summary: summaryOf(pod, jenkinsNamespace) };
  listed.set(raw, { jenkinsNamespace, match });
  return match;
}

export function summaryOf(pod: LoadedPod, jenkinsNamespace: string): PodSummary {
  const workload = workloadOf(pod, { jenkinsNamespace });
  return {
    namespace: pod.metadata?.namespace ?? '',
    name: pod.metadata?.name ?? '',
    phase: pod.status?.phase ?? 'Unknown',
    createdAt: timestampOf(pod),
    workload: workload ? { kind: workload.kind, name: workload.name } : null,
  };
}
