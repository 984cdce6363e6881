import 'server-only';
import {
  createdBetween,
  createdInGaps,
  explainPod,
  incidentSpans,
  podsSinceCommand,
  recordedGapWindows,
  toDate,
  type ExplainedPod,
  type GapWindow,
} from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import { AppError } from '@/lib/errors';
import { listBreakGlassWithIds } from '@/lib/history/break-glass';
import { historyAtCreation, listGaps } from '@/lib/history/reads';
import { listNamespaces } from '@/lib/k8s/namespaces';
import { asPodShape, listPods, timestampOf } from '@/lib/k8s/pods';
import { visible, type Rights } from '@/lib/domain/rights';
import { readTable } from '@/lib/k8s/table';
import { readRegistration } from '@/lib/k8s/webhook';
import type { PodsCreatedView } from './break-glass-types';

// The runbook's "pods created while the registration was gone": every pod created in the last incident's gaps, each of
// them (or since a time the operator typed, the runbook's SINCE), each container with its verdict, grouped by workload.

const RECORDS_WINDOW_MS = 30 * 24 * 3600_000;

/** The pods created meanwhile in the namespaces the asker may list pods in (the others are not even explained). */
export async function readPodsCreated(
  cluster: Cluster,
  typed: string | undefined,
  rights: Rights,
  now = new Date(),
): Promise<PodsCreatedView> {
  const s = cluster.facts;
  const recorded = typed ? { windows: [{ from: typed, to: null }], source: 'typed' as const } : await recordedWindows(cluster, now);
  if (!recorded) throw new AppError('not-found', 'No gap in the registration is recorded: type the time of the deletion (SINCE).');
  const { windows, source } = recorded;
  const { groups, registrationEntry } = await podsCreatedIn(cluster, windows, rights, now);
  const since = windows[0]!.from;
  return {
    since,
    // Pods created once it was back went through Kyverno: the recorded gap's end bounds the list.
    until: windows.at(-1)!.to,
    gaps: windows,
    source,
    groups,
    command: podsSinceCommand(s.kubectl, since),
    limits: registrationEntry
      ? []
      : ['The registration is deleted, so its selectors are unknown: pods of the namespaces it skips are listed too.'],
  };
}

/** Where the pods created meanwhile are looked for, from the records (lib/domain recordedGapWindows). */
export async function recordedWindows(cluster: Cluster, now = new Date()): Promise<ReturnType<typeof recordedGapWindows>> {
  const db = await cluster.history();
  const [records, gaps] = await Promise.all([listBreakGlassWithIds(db, new Date(now.getTime() - RECORDS_WINDOW_MS)), listGaps(db)]);
  return recordedGapWindows(incidentSpans(records), gaps, now);
}

/** The covered pods created within `windows` the asker may see, explained and grouped by workload. */
export async function podsCreatedIn(cluster: Cluster, windows: readonly GapWindow[], rights: Rights, now = new Date()) {
  const s = cluster.facts;
  const db = await cluster.history();
  const bounds = windows.map((w) => ({ from: toDate(w.from)!, to: toDate(w.to) }));
  const inAny = (created: Date) => bounds.some((b) => createdBetween(created, b.from, b.to));
  const [pods, namespaces, table, registration] = await Promise.all([
    listPods(cluster),
    listNamespaces(cluster),
    readTable(cluster),
    readRegistration(cluster),
  ]);
  const labels = new Map(namespaces.map((n) => [n.name, n.labels]));
  const explained: ExplainedPod[] = [];
  for (const raw of visible(rights, pods, (p) => p.metadata?.namespace ?? '')) {
    const pod = asPodShape(raw);
    const createdAt = pod ? timestampOf(pod) : null;
    if (!pod || !createdAt || !inAny(new Date(createdAt))) continue;
    const history = await historyAtCreation(db, createdAt);
    const explanation = explainPod({
      pod,
      namespaceLabels: labels.get(pod.metadata.namespace) ?? {},
      table,
      registration,
      now,
      jenkinsNamespace: s.jenkinsNamespace,
      history,
    });
    explained.push({
      namespace: pod.metadata.namespace,
      name: pod.metadata.name,
      createdAt,
      workload: explanation.workload ? { kind: explanation.workload.kind, name: explanation.workload.name } : null,
      containers: explanation.containers.map((c) => ({ name: c.name, verdict: c.verdict, request: c.request, row: c.row })),
    });
  }
  return { groups: createdInGaps(explained, windows), registrationEntry: Boolean(registration.entry) };
}
