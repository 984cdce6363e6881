import 'server-only';
import { compareNames } from '@/lib/domain';
import { readClients } from '@/lib/k8s/client';
import { listPods } from '@/lib/k8s/pods';
import type { V1Pod } from '@kubernetes/client-node';
import { judgingAt, verdictsOf, type Judging } from './pod-verdicts';
import { listedPod } from './pods';
import { isDrifted } from './workload-history';
import type { WorkloadSummary } from './workloads-types';

export type { WorkloadSummary };

// A visit of /workloads asks for the list twice (the page, then /api/workloads for the search and the other orders),
// and a team in an incident opens it together. While the pods (one array per change of the pod cache) and what they
// are judged from are the same, the list is the same: it is kept, and shared while it is being made. Callers do not
// change it.
let kept: { pods: V1Pod[]; judging: object; list: Promise<WorkloadSummary[]> } | null = null;

/** Every workload the table has rows for: its rows, and how many of its current pods are stale or drifted. */
export async function readWorkloads(now = new Date()): Promise<WorkloadSummary[]> {
  const k = readClients();
  const [pods, judging] = await Promise.all([listPods(k), judgingAt(k, now)]);
  if (kept?.pods === pods && kept.judging === judging.key) return kept.list;
  const list = workloadsOf(pods, judging);
  kept = { pods, judging: judging.key, list };
  list.catch(() => {
    if (kept?.list === list) kept = null;
  });
  return list;
}

async function workloadsOf(pods: V1Pod[], judging: Judging): Promise<WorkloadSummary[]> {
  const byId = new Map<string, WorkloadSummary>();
  for (const row of Object.values(judging.table.parsed.rows)) {
    const id = `${row.namespace}/${row.workload}`;
    const summary = byId.get(id) ?? { namespace: row.namespace, workload: row.workload, rows: [], pods: 0, stale: 0, drifted: 0 };
    summary.rows.push({ container: row.container, bytes: row.bytes });
    byId.set(id, summary);
  }
  const listed = pods.flatMap((raw) => {
    const match = listedPod(raw, judging.jenkinsNamespace);
    if (!match?.summary.workload) return [];
    const summary = byId.get(`${match.summary.namespace}/${match.summary.workload.name}`);
    return summary ? [{ pod: match.pod, summary }] : [];
  });
  const verdicts = await verdictsOf(
    listed.map((l) => l.pod),
    judging,
  );
  listed.forEach(({ summary }, i) => {
    summary.pods++;
    if (verdicts[i]!.some((c) => c.verdict === 'stale')) summary.stale++;
    if (verdicts[i]!.some(isDrifted)) summary.drifted++;
  });
  for (const summary of byId.values()) summary.rows.sort((a, b) => compareNames(a.container, b.container));
  return [...byId.values()].sort((a, b) => compareNames(a.namespace, b.namespace) || compareNames(a.workload, b.workload));
}
