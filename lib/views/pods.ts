import 'server-only';
import { z } from 'zod';
import { settings } from '@/lib/config';
import { workloadOf } from '@/lib/domain';
import { AppError } from '@/lib/http/errors';
import type { KubeClients } from '@/lib/k8s/client';
import { namespaceName } from '@/lib/k8s/names';
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

const podSearchParams = z.object({
  namespace: namespaceName.optional(),
  name: z.string().max(253).regex(/^[a-z0-9.-]*$/, 'a name fragment is lower-case letters, digits, "-" and "."').optional(),
  limit: z.coerce.number().int().min(1).max(2000).default(200),
});

/** Reads the pod filters from URL search params (the page's and the API's), checked before any call. */
export function parsePodSearch(params: Record<string, string | string[] | undefined>, defaultLimit = 200): PodSearch {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
  const parsed = podSearchParams.safeParse({
    namespace: first(params.namespace),
    name: first(params.name)?.toLowerCase(),
    limit: first(params.limit) ?? defaultLimit,
  });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new AppError('invalid-name', `Bad filter (${problems})`);
}
