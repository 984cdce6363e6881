import 'server-only';
import type { V1Pod } from '@kubernetes/client-node';
import type { Cluster } from '@/lib/cluster/cluster';
import { explainPod, type WorkloadKind } from '@/lib/domain';
import type { Rights } from '@/lib/domain/rights';
import { requireNamespace } from '@/lib/http/viewer';
import { behindNotes } from '@/lib/k8s/caches';
import { readNamespaceLabels } from '@/lib/k8s/namespaces';
import { podKey, type PodRef } from '@/lib/k8s/names';
import { readOwnerChain, type OwnerLink } from '@/lib/k8s/owners';
import { podNotFound, readPod, timestampOf } from '@/lib/k8s/pods';
import { readTable } from '@/lib/k8s/table';
import { readRegistration } from '@/lib/k8s/webhook';
import { sharedInFlight } from '@/lib/shared-in-flight';
import { withHistory } from './at-creation';
import type { Explanation } from './explain-types';

export type { Explanation };

/** An explanation with the pod it was made from: the pod page's other parts use that pod, not a read of their own. */
export interface ExplainedPod {
  explanation: Explanation;
  pod: V1Pod;
}

/**
 * explainPodRead, computed once per pod of a cluster while it is in flight however many requests ask for it: the pod
 * page and the API of a team on one pod share it, its pod read (afresh, never from the cache) included (see
 * sharedInFlight).
 */
const explainedPodShared: (cluster: Cluster, ref: PodRef) => Promise<ExplainedPod> = sharedInFlight(
  (cluster: Cluster, ref: PodRef) => `${cluster.name}/${podKey(ref)}`,
  (cluster: Cluster, ref: PodRef) => explainPodRead(cluster, ref),
);

/**
 * The explanation and its pod for someone who may list pods in its namespace; for anyone else the answer of a pod
 * that does not exist (the 404 readPod gives), so that asking never tells whether it is there.
 */
export async function explainedPodFor(cluster: Cluster, rights: Rights, ref: PodRef): Promise<ExplainedPod> {
  requireNamespace(rights, ref.namespace, podNotFound(ref));
  const explained = await explainedPodShared(cluster, ref);
  return { ...explained, explanation: { ...explained.explanation, table: tableFor(rights, explained.explanation.table) } };
}

/** The table's size and last write are the table's, as on the webhook page (tableStateFor): cut for anyone else. */
function tableFor(rights: Rights, table: Explanation['table']): Explanation['table'] {
  return rights.table ? table : { ...table, rows: null, malformed: null, lastWriteAt: null };
}

/** explainedPodFor's explanation alone (the API's answer). */
export async function explainPodFor(cluster: Cluster, rights: Rights, ref: PodRef): Promise<Explanation> {
  return (await explainedPodFor(cluster, rights, ref)).explanation;
}

/** One pod's explanation, read and computed now (the CLI's). */
export async function explainPodByRef(cluster: Cluster, ref: PodRef, now = new Date()): Promise<Explanation> {
  return (await explainPodRead(cluster, ref, now)).explanation;
}

/** Reads the pod and everything its verdicts depend on, and explains every container's memory request. */
async function explainPodRead(cluster: Cluster, ref: PodRef, now = new Date()): Promise<ExplainedPod> {
  const s = cluster.facts;
  // The reads that do not depend on the pod run alongside it; the pod's own failure (404) is reported first.
  const [pod, namespaceLabels, table, registration] = await Promise.allSettled([
    readPod(cluster, ref),
    readNamespaceLabels(cluster, ref.namespace),
    readTable(cluster),
    readRegistration(cluster),
  ]);
  if (pod.status === 'rejected') throw pod.reason;
  const ready = { pod: pod.value, labels: value(namespaceLabels), table: value(table), registration: value(registration) };
  // The owner chain and the history store (the table and the registration at the pod's creation) both need only the pod.
  const [ownerChain, past] = await Promise.all([
    readOwnerChain(cluster, ref.namespace, ready.pod.metadata?.ownerReferences),
    withHistory(cluster, timestampOf(ready.pod), ready.registration),
  ]);
  ready.registration = past.registration;
  const explained = explainPod({
    pod: ready.pod,
    namespaceLabels: ready.labels,
    table: ready.table,
    registration: ready.registration,
    now,
    jenkinsNamespace: s.jenkinsNamespace,
    history: past.history,
  });
  const explanation: Explanation = {
    pod: { namespace: ref.namespace, name: ref.name, createdAt: timestampOf(ready.pod) ?? '' },
    owner: explained.owner,
    ownerChain,
    workload: explained.workload ? { kind: kindFromChain(explained.workload, ownerChain), name: explained.workload.name } : null,
    table: {
      loaded: ready.table.parsed.loaded,
      rows: ready.table.parsed.count,
      malformed: ready.table.parsed.malformed.length,
      lastWriteAt: ready.table.lastWriteAt,
      configMap: `${s.kyvernoNamespace}/${s.tableConfigMap}`,
    },
    registration: {
      present: ready.registration.present,
      absentSince: ready.registration.absentSince,
      name: s.webhookConfiguration,
      entry: s.webhookEntry,
    },
    containers: explained.containers,
    limits: [...explained.limits, ...cachesBehind(cluster)],
  };
  return { explanation, pod: ready.pod };
}

/** The caches the explanation would have read from, when behind: it read directly, and says so. */
function cachesBehind(cluster: Cluster): string[] {
  const c = cluster.caches();
  return behindNotes(c.table, c.mutating, c.namespaces, ...Object.values(c.owners));
}

function value<T>(r: PromiseSettledResult<T>): T {
  if (r.status === 'rejected') throw r.reason;
  return r.value;
}

// lib/domain derives the workload from the pod alone, as the policy does, so a CronJob's Job is a "Job" there. The
// owner chain read here shows whether a CronJob of that name owns the Job; the display says so.
function kindFromChain(workload: { kind: WorkloadKind; name: string }, chain: OwnerLink[]): WorkloadKind {
  const owningCronJob = chain.some((link) => link.kind === 'CronJob' && link.name === workload.name);
  return workload.kind === 'Job' && owningCronJob ? 'CronJob' : workload.kind;
}
