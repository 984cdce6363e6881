import 'server-only';
import { settings } from '@/lib/config';
import { workloadOf } from '@/lib/domain';
import type { KubeClients } from '@/lib/k8s/client';
import { asPodShape, listPods, timestampOf, type LoadedPod } from '@/lib/k8s/pods';
import type { PodSearch, PodSummary } from './pods-types';

export type { PodSearch, PodSummary };

/** Pods matching a namespace and a name fragment, sorted by namespace and name, at most `limit` of them. */
export async function findPods(k: KubeClients, search: PodSearch): Promise<{ pods: PodSummary[]; total: number }> {
  const needle = search.name?.trim().toLowerCase() ?? '';
  const { jenkinsNamespace } = settings();
  const matches = (await listPods(k, search.namespace))
    .map(asPodShape)
    .filter((pod): pod is LoadedPod => pod !== null)
    .map((pod) => summaryOf(pod, jenkinsNamespace))
    .filter((p) => !needle || p.name.includes(needle) || (p.workload?.name.includes(needle) ?? false))
    .sort((a, b) => a.namespace.localeCompare(b.namespace) || a.name.localeCompare(b.name));
  return { pods: matches.slice(0, search.limit), total: matches.length };
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
