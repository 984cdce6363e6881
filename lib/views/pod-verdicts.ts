import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { explainPod, type ContainerExplanation, type RegistrationState } from '@/lib/domain';
import { listNamespaces, type NamespaceLabels } from '@/lib/k8s/namespaces';
import { timestampOf, type LoadedPod } from '@/lib/k8s/pods';
import { readTable, type TableRead } from '@/lib/k8s/table';
import { readRegistration } from '@/lib/k8s/webhook';
import { pastsStamp, withHistories, type PastAtCreation } from './at-creation';

/** What the lists show and count of a container's verdict: its codes and sizes, not the sentences that explain it. */
export type ListedVerdict = Pick<ContainerExplanation, 'name' | 'init' | 'request' | 'limit' | 'row' | 'verdict'>;

/**
 * What every pod is judged from besides itself, read once for all of them. `key` is the same object for as long as
 * all of it is the same.
 */
export interface Judging {
  cluster: Cluster;
  key: object;
  table: TableRead;
  registration: RegistrationState;
  labels: Map<string, Record<string, string>>;
  jenkinsNamespace: string;
  now: Date;
}

/**
 * What every pod of the cluster is judged from at `now`, with the key it had at the last call for that cluster while
 * all of it is the same.
 */
export async function judgingAt(cluster: Cluster, now: Date): Promise<Judging> {
  const [table, registration, namespaces, stamp] = await Promise.all([
    readTable(cluster),
    readRegistration(cluster),
    listNamespaces(cluster),
    pastsStamp(cluster),
  ]);
  const { jenkinsNamespace } = cluster.facts;
  // `now` only words how long the registration has been absent, so it counts (to the minute) only then.
  const inputs = [
    table,
    namespaces,
    jenkinsNamespace,
    registration.present,
    registration.entry,
    registration.absentSince,
    registration.present ? null : Math.floor(now.getTime() / 60_000),
    stamp,
  ];
  let kept = last.get(cluster);
  if (!kept || !kept.inputs.every((v, i) => v === inputs[i])) last.set(cluster, (kept = { inputs, key: {}, labels: labelsOf(namespaces) }));
  return { cluster, key: kept.key, table, registration, labels: kept.labels, jenkinsNamespace, now };
}

// per cluster: each cluster's pods are judged from its own table, registration and namespaces
const last = new WeakMap<Cluster, { inputs: unknown[]; key: object; labels: Map<string, Record<string, string>> }>();

function labelsOf(namespaces: NamespaceLabels[]): Map<string, Record<string, string>> {
  return new Map(namespaces.map((n) => [n.name, n.labels]));
}

// /workloads and /pods?verdict= judge every pod: explaining them all on each request was too slow at production size,
// and reading the past at every creation and comparing each pod's inputs still allocated enough to pause the server
// for a full collection. A pod from the watch-fed cache is the same object until it changes, and what it is judged
// from has one key while it is the same (the store's stamp stands for the pasts at creation): so each pod's verdicts
// are kept with that key, and only new or changed pods are judged, their pasts read together. Only what the lists use
// is kept: the explanations' sentences would make the kept verdicts a large part of the heap (bench/load.ts,
// bench/memory.ts: docs/benchmarks.md).
const kept = new WeakMap<LoadedPod, { key: object; containers: ListedVerdict[] }>();

/** Every container's verdict for many pods at once (the lists), judged from `j` (judgingAt). */
export async function verdictsOf(pods: LoadedPod[], j: Judging): Promise<ListedVerdict[][]> {
  const unjudged = pods.filter((pod) => kept.get(pod)?.key !== j.key);
  if (unjudged.length > 0) {
    const pasts = await withHistories(j.cluster, unjudged.map(timestampOf), j.registration);
    unjudged.forEach((pod, i) => kept.set(pod, { key: j.key, containers: judged(pod, j, pasts[i]!) }));
  }
  // a concurrent call may have judged a pod again meanwhile, from what is newer still: either is the pod's verdict
  return pods.map((pod) => kept.get(pod)!.containers);
}

function judged(pod: LoadedPod, j: Judging, past: PastAtCreation): ListedVerdict[] {
  const explanation = explainPod({
    pod,
    namespaceLabels: j.labels.get(pod.metadata.namespace ?? '') ?? {},
    table: j.table,
    registration: past.registration,
    now: j.now,
    jenkinsNamespace: j.jenkinsNamespace,
    history: past.history,
  });
  return explanation.containers.map(({ name, init, request, limit, row, verdict }) => ({ name, init, request, limit, row, verdict }));
}
