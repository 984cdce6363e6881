import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { explainPod, isDrifted, rowKey, workloadOf, type ContainerExplanation } from '@/lib/domain';
import type { Rights } from '@/lib/domain/rights';
import { AppError } from '@/lib/errors';
import { requireNamespace, requireTable } from '@/lib/http/viewer';
import { withHistory } from './at-creation';
import { rowsOverTime } from '@/lib/history/store';
import { readNamespaceLabels } from '@/lib/k8s/namespaces';
import { asPodShape, listPods, timestampOf, type LoadedPod } from '@/lib/k8s/pods';
import { readTable } from '@/lib/k8s/table';
import { readRegistration } from '@/lib/k8s/webhook';
import type { WorkloadHistory, WorkloadPod, WorkloadRef } from './workload-history-types';

export type { WorkloadHistory, WorkloadPod, WorkloadRef };

// A workload's page: its rows now and across the recorded versions, its current pods with their verdicts, and the
// drift (pods whose request is not today's row). The chart's Prometheus data is read separately, per chart.

/**
 * Everything the workload page shows but the chart: for someone who may list pods in its namespace (for anyone else
 * the answer of a workload that is not there) and get the table (its rows, now and across the versions, are most of
 * the page).
 */
export async function readWorkloadHistory(cluster: Cluster, ref: WorkloadRef, rights: Rights, now = new Date()): Promise<WorkloadHistory> {
  requireWorkload(cluster, rights, ref);
  const [table, registration, labels, podList] = await Promise.all([
    readTable(cluster),
    readRegistration(cluster),
    readNamespaceLabels(cluster, ref.namespace),
    listPods(cluster, ref.namespace),
  ]);
  const { jenkinsNamespace } = cluster.facts;
  const pods = podList
    .map(asPodShape)
    .filter((p): p is LoadedPod => p !== null && workloadOf(p, { jenkinsNamespace })?.name === ref.workload);
  const rows = Object.values(table.parsed.rows).filter((r) => r.namespace === ref.namespace && r.workload === ref.workload);
  if (pods.length === 0 && rows.length === 0) throw new AppError('not-found', workloadNotFound(ref));
  const containers = [
    ...new Set([
      ...rows.map((r) => r.container),
      ...pods.flatMap((p) => [...(p.spec.initContainers ?? []), ...p.spec.containers].map((c) => c.name)),
    ]),
  ].sort();
  const explained = await Promise.all(
    pods.map(async (pod) => {
      const past = await withHistory(cluster, timestampOf(pod), registration);
      const e = explainPod({
        pod,
        namespaceLabels: labels,
        table,
        registration: past.registration,
        now,
        jenkinsNamespace,
        history: past.history,
      });
      return { name: pod.metadata.name, createdAt: timestampOf(pod), containers: e.containers };
    }),
  );
  const versions = await rowsOverTime(
    await cluster.history(),
    containers.map((c) => rowKey(ref.namespace, ref.workload, c)),
  );
  return { ref, table, rows, containers, versions, pods: explained.sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '')) };
}

/** Pods whose request is not what today's row gives: they get the row with their next pod. */
export function driftOf(history: WorkloadHistory): Array<{ pod: string; container: ContainerExplanation }> {
  return history.pods.flatMap((pod) => pod.containers.filter(isDrifted).map((container) => ({ pod: pod.name, container })));
}

const workloadNotFound = (ref: WorkloadRef) =>
  `No workload ${ref.namespace}/${ref.workload}: no pod of it runs and the table holds no row for it`;

/**
 * A workload's page and charts: outside the asker's namespaces the answer of a workload that is not there; without
 * the table, a refusal naming it (its rows are what the page and the charts are drawn against).
 */
export function requireWorkload(cluster: Cluster, rights: Rights, ref: WorkloadRef): void {
  requireNamespace(rights, ref.namespace, workloadNotFound(ref));
  requireTable(cluster, rights);
}
