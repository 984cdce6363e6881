import 'server-only';
import type { V1Pod } from '@kubernetes/client-node';
import { settings } from '@/lib/config';
import { workloadOf } from '@/lib/domain';
import { derived, readCaches, whenFresh } from '@/lib/k8s/caches';
import type { KubeClients } from '@/lib/k8s/client';
import type { Informer } from '@/lib/k8s/informer';
import { asPodShape, listPods, timestampOf, type LoadedPod } from '@/lib/k8s/pods';
import type { CachedPod } from '@/lib/k8s/slim';
import type { PodSearch, PodSummary } from './pods-types';

export type { PodSearch, PodSummary };

/** Pods matching a namespace and a name fragment, sorted by namespace and name, at most `limit` of them. */
export async function findPods(k: KubeClients, search: PodSearch): Promise<{ pods: PodSummary[]; total: number }> {
  const needle = search.name?.trim().toLowerCase() ?? '';
  // from the pod cache the rows are made once per change of it; a search then only filters them
  const rows =
    whenFresh(readCaches().pods, (c) => (search.namespace ? (rowsByNamespace(c).get(search.namespace) ?? []) : sortedRows(c))) ??
    summariesOf(await listPods(k, search.namespace));
  const matches = needle ? rows.filter((p) => p.name.includes(needle) || (p.workload?.name.includes(needle) ?? false)) : rows;
  return { pods: matches.slice(0, search.limit), total: matches.length };
}

const sortedRows = derived((cache: Informer<CachedPod>) => summariesOf(cache.list() as V1Pod[]));

const rowsByNamespace = derived((cache: Informer<CachedPod>) => {
  const byNamespace = new Map<string, PodSummary[]>();
  for (const row of sortedRows(cache)) {
    const list = byNamespace.get(row.namespace);
    if (list) list.push(row);
    else byNamespace.set(row.namespace, [row]);
  }
  return byNamespace;
});

function summariesOf(pods: V1Pod[]): PodSummary[] {
  const { jenkinsNamespace } = settings();
  return pods
    .map(asPodShape)
    .filter((pod): pod is LoadedPod => pod !== null)
    .map((pod) => summaryOf(pod, jenkinsNamespace))
    .sort((a, b) => a.namespace.localeCompare(b.namespace) || a.name.localeCompare(b.name));
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
