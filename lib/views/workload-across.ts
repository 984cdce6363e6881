import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { workloadOf } from '@/lib/domain';
import { otherClustersFor } from '@/lib/domain/across';
import { partFailed, partOk, type Part } from '@/lib/domain/part';
import type { Rights, RightsByCluster } from '@/lib/domain/rights';
import { AppError } from '@/lib/errors';
import { asPodShape, listPods, type LoadedPod } from '@/lib/k8s/pods';
import { readTable } from '@/lib/k8s/table';
import { CLUSTER_PART_MS, withinDeadline } from './deadline';
import { attempt } from './part';
import { readWorkloadConfidenceShared } from './row-confidence';
import { requireWorkload } from './workload-history';
import type { WorkloadRef } from './workload-history-types';
import { workloadEndMarks } from './workload-terminations';
import type { AcrossColumn, WorkloadAcross, WorkloadInCluster } from './workload-across-types';

export type { WorkloadAcross };

// A workload's page beside the same workload (same namespace and name) in the other clusters the asker reads: a
// stage against prd. Each cluster is read at once and within its own deadline, so a slow or stopped cluster fails its
// own column only. The p90 is the pod page's shared read of the workload's window (row-confidence.ts), the OOM kills
// the workload page's (workload-terminations.ts).

export async function readWorkloadAcross(
  cluster: Cluster,
  every: readonly Cluster[],
  ref: WorkloadRef,
  rights: Rights,
  rightsByCluster: RightsByCluster,
  { now = new Date(), signal, deadlineMs = CLUSTER_PART_MS }: { now?: Date; signal?: AbortSignal; deadlineMs?: number } = {},
): Promise<WorkloadAcross> {
  requireWorkload(cluster, rights, ref); // here as on its page: outside their namespaces, a workload that is not there
  const others = otherClustersFor(cluster.name, every, rightsByCluster, ref.namespace);
  const read = (c: Cluster, theirs: Rights) => withinDeadline(c, deadlineMs, (stop) => workloadIn(c, ref, theirs, now, stop), signal);
  const [here, ...elsewhere] = await Promise.all([read(cluster, rights), ...others.map((o) => read(o.cluster, o.rights))]);
  if (here!.ok && here!.value === null)
    throw new AppError('not-found', `No workload ${ref.namespace}/${ref.workload} in cluster ${cluster.name}`);
  const columns: AcrossColumn[] = [{ cluster: cluster.name, here: true, workload: present(here!) }];
  const without: string[] = [];
  elsewhere.forEach((part, i) => {
    const name = others[i]!.cluster.name;
    if (part.ok && part.value === null) without.push(name);
    else columns.push({ cluster: name, here: false, workload: present(part) });
  });
  return { ref, columns, without };
}

const present = (part: Part<WorkloadInCluster | null>): Part<WorkloadInCluster> => (part.ok ? partOk(part.value!) : part);

/** The workload in one cluster, or null when it has neither a pod nor a row there. */
async function workloadIn(
  cluster: Cluster,
  ref: WorkloadRef,
  rights: Rights,
  now: Date,
  signal: AbortSignal,
): Promise<WorkloadInCluster | null> {
  requireWorkload(cluster, rights, ref); // the rows are the table's: withheld without it, in this column only
  const [table, podList] = await Promise.all([readTable(cluster), listPods(cluster, ref.namespace)]);
  const jenkinsNamespace = cluster.facts.jenkinsNamespace;
  const pods = podList
    .map(asPodShape)
    .filter((p): p is LoadedPod => p !== null && workloadOf(p, { jenkinsNamespace })?.name === ref.workload);
  const rows = Object.values(table.parsed.rows).filter((r) => r.namespace === ref.namespace && r.workload === ref.workload);
  if (pods.length === 0 && rows.length === 0) return null;
  const names = [
    ...new Set([
      ...rows.map((r) => r.container),
      ...pods.flatMap((p) => [...(p.spec.initContainers ?? []), ...p.spec.containers].map((c) => c.name)),
    ]),
  ].sort();
  const [p90, ends] = await Promise.all([
    readWorkloadConfidenceShared(cluster, ref.namespace, ref.workload, names, signal),
    attempt(() => workloadEndMarks(cluster, ref, { now, signal })),
  ]);
  return {
    pods: pods.length,
    containers: names.map((container) => {
      const row = rows.find((r) => r.container === container);
      return { container, row: row ? { value: row.value, bytes: row.bytes } : null };
    }),
    p90Mi: p90.ok ? partOk(Object.fromEntries(names.map((c) => [c, p90.value.containers[c]?.p90Mi ?? null]))) : p90,
    oomKills: ends.ok ? oomKillsOf(ends.value) : ends,
    windowDays: cluster.facts.snapshotWindowDays,
  };
}

type EndMarks = Awaited<ReturnType<typeof workloadEndMarks>>;

/** The count when either source was read; when neither could be, why (both sources' lines). */
function oomKillsOf(ends: EndMarks): Part<number> {
  if (ends.recorder.state === 'failed' && ends.prometheus.state !== 'read')
    return partFailed('unreachable', `${ends.recorder.line} ${ends.prometheus.line}`);
  return partOk(ends.marks.filter((m) => m.kind === 'oom-kill').length);
}
