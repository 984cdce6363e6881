import 'server-only';
import { compareNames } from '@/lib/domain';
import { settings } from '@/lib/config';
import { readClients } from '@/lib/k8s/client';
import { listPods } from '@/lib/k8s/pods';
import { readTable } from '@/lib/k8s/table';
import { verdictsOf } from './pod-verdicts';
import { listedPod } from './pods';
import { isDrifted } from './workload-history';
import type { WorkloadSummary } from './workloads-types';

export type { WorkloadSummary };

/** Every workload the table has rows for: its rows, and how many of its current pods are stale or drifted. */
export async function readWorkloads(now = new Date()): Promise<WorkloadSummary[]> {
  const k = readClients();
  const [table, podList] = await Promise.all([readTable(k), listPods(k)]);
  const byId = new Map<string, WorkloadSummary>();
  for (const row of Object.values(table.parsed.rows)) {
    const id = `${row.namespace}/${row.workload}`;
    const summary = byId.get(id) ?? { namespace: row.namespace, workload: row.workload, rows: [], pods: 0, stale: 0, drifted: 0 };
    summary.rows.push({ container: row.container, bytes: row.bytes });
    byId.set(id, summary);
  }
  const { jenkinsNamespace } = settings();
  const listed = podList.flatMap((raw) => {
    const match = listedPod(raw, jenkinsNamespace);
    if (!match?.summary.workload) return [];
    const summary = byId.get(`${match.summary.namespace}/${match.summary.workload.name}`);
    return summary ? [{ pod: match.pod, summary }] : [];
  });
  const verdicts = await verdictsOf(
    k,
    listed.map((l) => l.pod),
    now,
  );
  listed.forEach(({ summary }, i) => {
    summary.pods++;
    if (verdicts[i]!.some((c) => c.verdict === 'stale')) summary.stale++;
    if (verdicts[i]!.some(isDrifted)) summary.drifted++;
  });
  for (const summary of byId.values()) summary.rows.sort((a, b) => compareNames(a.container, b.container));
  return [...byId.values()].sort((a, b) => compareNames(a.namespace, b.namespace) || compareNames(a.workload, b.workload));
}
