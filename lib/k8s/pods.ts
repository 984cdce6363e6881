import 'server-only';
import type { V1Pod } from '@kubernetes/client-node';
import { z } from 'zod';
import { settings } from '@/lib/config';
import { formatTime, toDate, workloadOf, type PodShape, type WorkloadKind } from '@/lib/domain';
import { AppError, toAppError } from '@/lib/errors';
import type { KubeClients } from './client';
import { namespaceName, type PodRef } from './names';

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

/** The pod, or a not-found AppError that names it. */
export async function readPod(k: KubeClients, ref: PodRef): Promise<LoadedPod> {
  try {
    const pod = await k.core.readNamespacedPod({ namespace: ref.namespace, name: ref.name });
    podFields.parse(pod);
    return pod as LoadedPod;
  } catch (err) {
    const mapped = toAppError(err);
    if (mapped.code === 'not-found') throw new AppError('not-found', `No pod ${ref.namespace}/${ref.name}: ${mapped.message}`);
    throw err;
  }
}

/** Pods of one namespace, or of all namespaces when none is given. */
export async function listPods(k: KubeClients, namespace?: string): Promise<V1Pod[]> {
  const list = namespace
    ? await k.core.listNamespacedPod({ namespace })
    : await k.core.listPodForAllNamespaces();
  return list.items;
}

/** One row of the pod list and of the Ctrl/Cmd-K jump. */
export interface PodSummary {
  namespace: string;
  name: string;
  phase: string;
  createdAt: string | null;
  workload: { kind: WorkloadKind; name: string } | null;
}

export interface PodSearch {
  namespace?: string;
  /** Part of the pod's name, or of its workload's name. */
  name?: string;
  limit: number;
}

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

function summaryOf(pod: LoadedPod, jenkinsNamespace: string): PodSummary {
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
  // A bad limit is a bad parameter; only a bad namespace or name is an invalid name.
  const names = parsed.error.issues.every((i) => i.path[0] === 'namespace' || i.path[0] === 'name');
  throw new AppError(names ? 'invalid-name' : 'bad-request', `Bad filter (${problems})`);
}

/** The pod's creation time as Kubernetes writes it (client-node hands it over as a Date). */
export function timestampOf(pod: PodShape): string | null {
  const created = toDate(pod.metadata.creationTimestamp);
  return created ? formatTime(created) : null;
}
