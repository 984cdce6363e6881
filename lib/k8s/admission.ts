import 'server-only';
import type { V1Deployment, V1Pod } from '@kubernetes/client-node';
import { admissionVersionOf, selectorMatches, toDate, type AdmissionVersion } from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import { readOrNull } from './client';
import { whenFresh } from './caches';

// Kyverno's admission controller as the runbook looks at it: the Deployment's replicas, its pods per node, its PDB.

export interface AdmissionReplicas {
  name: string;
  desired: number;
  ready: number;
  updated: number;
  available: number;
  /** The pod labels of its template, which the PDB is matched against. */
  podLabels: Record<string, string>;
}

export interface AdmissionPod {
  name: string;
  node: string | null;
  phase: string;
  ready: boolean;
  restarts: number;
  /** Why it is not running well (CrashLoopBackOff, Terminating…), or null. */
  problem: string | null;
  createdAt: string | null;
}

export interface DisruptionBudget {
  name: string;
  minAvailable: string | null;
  maxUnavailable: string | null;
  currentHealthy: number;
  disruptionsAllowed: number;
}

/** The admission controller's Deployment, or null when it does not exist. */
export async function readAdmissionReplicas(cluster: Cluster): Promise<AdmissionReplicas | null> {
  const deployment = await readAdmissionDeployment(cluster);
  return deployment ? replicasOf(deployment) : null;
}

/** Its replicas and what it runs (Kyverno's version: its image's tag), or null when it does not exist. */
export async function readAdmissionVersion(cluster: Cluster): Promise<{ replicas: AdmissionReplicas; version: AdmissionVersion } | null> {
  const deployment = await readAdmissionDeployment(cluster);
  if (!deployment) return null;
  const version = admissionVersionOf(deployment.metadata?.labels, deployment.spec?.template?.spec?.containers ?? []);
  return { replicas: replicasOf(deployment), version };
}

async function readAdmissionDeployment(cluster: Cluster): Promise<V1Deployment | null> {
  const { kyvernoNamespace: namespace, admissionDeployment: name } = cluster.facts;
  const cached = whenFresh(cluster.caches().admissionDeployment, (c) => ({
    found: (c.get(namespace, name) ?? null) as V1Deployment | null,
  }));
  return cached ? cached.found : await readOrNull(() => cluster.clients().apps.readNamespacedDeployment({ namespace, name }));
}

export function replicasOf(d: V1Deployment): AdmissionReplicas {
  return {
    name: d.metadata?.name ?? '',
    desired: d.spec?.replicas ?? 1,
    ready: d.status?.readyReplicas ?? 0,
    updated: d.status?.updatedReplicas ?? 0,
    available: d.status?.availableReplicas ?? 0,
    podLabels: d.spec?.template?.metadata?.labels ?? {},
  };
}

/** The admission controller's pods (the runbook's `get pods -l … -o wide`), by node. */
export async function readAdmissionPods(cluster: Cluster): Promise<AdmissionPod[]> {
  const { kyvernoNamespace: namespace, admissionPodSelector: labelSelector } = cluster.facts;
  const pods =
    whenFresh(cluster.caches().admissionPods, (c) => c.list() as V1Pod[]) ??
    (await cluster.clients().core.listNamespacedPod({ namespace, labelSelector })).items;
  return pods.map(admissionPodOf).sort((a, b) => (a.node ?? '').localeCompare(b.node ?? '') || a.name.localeCompare(b.name));
}

export function admissionPodOf(pod: V1Pod): AdmissionPod {
  const statuses = pod.status?.containerStatuses ?? [];
  const waiting = statuses.map((s) => s.state?.waiting?.reason).find(Boolean);
  const terminating = pod.metadata?.deletionTimestamp ? 'Terminating' : null;
  return {
    name: pod.metadata?.name ?? '',
    node: pod.spec?.nodeName ?? null,
    phase: pod.status?.phase ?? 'Unknown',
    ready: pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false,
    restarts: statuses.reduce((sum, s) => sum + (s.restartCount ?? 0), 0),
    problem: terminating ?? waiting ?? pod.status?.reason ?? null,
    createdAt: toDate(pod.metadata?.creationTimestamp)?.toISOString() ?? null, // a Date from a read, a string from the cache
  };
}

/** The PDBs in Kyverno's namespace that select the admission controller's pods. */
export async function readAdmissionBudgets(cluster: Cluster, podLabels: Record<string, string>): Promise<DisruptionBudget[]> {
  const list = await cluster.clients().policy.listNamespacedPodDisruptionBudget({ namespace: cluster.facts.kyvernoNamespace });
  return list.items
    .filter((pdb) => pdb.spec?.selector && selectorMatches(pdb.spec.selector, podLabels))
    .map((pdb) => ({
      name: pdb.metadata?.name ?? '',
      minAvailable: pdb.spec?.minAvailable === undefined ? null : String(pdb.spec.minAvailable),
      maxUnavailable: pdb.spec?.maxUnavailable === undefined ? null : String(pdb.spec.maxUnavailable),
      currentHealthy: pdb.status?.currentHealthy ?? 0,
      disruptionsAllowed: pdb.status?.disruptionsAllowed ?? 0,
    }));
}
