import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { compareNames, isDrifted, sentToKyverno } from '@/lib/domain';
import { visible, type Rights } from '@/lib/domain/rights';
import { listPods } from '@/lib/k8s/pods';
import type { V1Pod } from '@kubernetes/client-node';
import { judgingAt, verdictsOf, type Judging } from './pod-verdicts';
import { endCounts, withEnds } from './workload-end-counts';
import { listedPod } from './pods';
import type { WorkloadSummary } from './workloads-types';

export type { WorkloadSummary };

// A visit of /workloads asks for the list twice (the page, then /api/workloads for the search and the other orders),
// and a team in an incident opens it together. While the pods (one array per change of the pod cache) and what they
// are judged from are the same, the list is the same: it is kept, and shared while it is being made. Callers do not
// change it. One list per cluster.
const kept = new WeakMap<Cluster, { pods: V1Pod[]; judging: object; list: Promise<WorkloadSummary[]> }>();

/**
 * Every workload the table has rows for, and every workload without one whose pods Kyverno sees, in the namespaces
 * the asker may list pods in: its rows, and how many of its current pods are stale or drifted. The list is made
 * once for everyone and cut to each.
 */
export async function readWorkloads(cluster: Cluster, rights: Rights, now = new Date()): Promise<WorkloadSummary[]> {
  const [list, ends] = await Promise.all([everyWorkload(cluster, now), endCounts(cluster, now)]);
  return withEnds(
    visible(rights, list, (w) => w.namespace),
    ends,
  );
}

async function everyWorkload(cluster: Cluster, now: Date): Promise<WorkloadSummary[]> {
  const [pods, judging] = await Promise.all([listPods(cluster), judgingAt(cluster, now)]);
  const last = kept.get(cluster);
  if (last?.pods === pods && last.judging === judging.key) return last.list;
  const list = workloadsOf(pods, judging);
  kept.set(cluster, { pods, judging: judging.key, list });
  list.catch(() => {
    if (kept.get(cluster)?.list === list) kept.delete(cluster);
  });
  return list;
}

async function workloadsOf(pods: V1Pod[], judging: Judging): Promise<WorkloadSummary[]> {
  const byId = new Map<string, WorkloadSummary>();
  const summaryOf = (namespace: string, workload: string) => {
    const id = `${namespace}/${workload}`;
    const summary = byId.get(id) ?? { namespace, workload, rows: [], pods: 0, stale: 0, drifted: 0, oomKills: null, evictions: null };
    byId.set(id, summary);
    return summary;
  };
  for (const row of Object.values(judging.table.parsed.rows))
    summaryOf(row.namespace, row.workload).rows.push({ container: row.container, bytes: row.bytes });
  const listed = pods.flatMap((raw) => {
    const match = listedPod(raw, judging.jenkinsNamespace);
    return match?.summary.workload ? [{ pod: match.pod, namespace: match.summary.namespace, workload: match.summary.workload.name }] : [];
  });
  const verdicts = await verdictsOf(
    listed.map((l) => l.pod),
    judging,
  );
  listed.forEach(({ namespace, workload }, i) => {
    const containers = verdicts[i]!;
    // A workload without a row is listed ("no row") when Kyverno sees its pods; one the webhook skips needs none.
    if (!byId.has(`${namespace}/${workload}`) && !sentToKyverno(containers)) return;
    const summary = summaryOf(namespace, workload);
    summary.pods++;
    if (containers.some((c) => c.verdict === 'stale')) summary.stale++;
    if (containers.some(isDrifted)) summary.drifted++;
  });
  for (const summary of byId.values()) summary.rows.sort((a, b) => compareNames(a.container, b.container));
  return [...byId.values()].sort((a, b) => compareNames(a.namespace, b.namespace) || compareNames(a.workload, b.workload));
}
