import 'server-only';
import {
  createdMeanwhile,
  explainPod,
  gapStart,
  latestSession,
  podsSinceCommand,
  toDate,
  wholeSecond,
  type ExplainedPod,
} from '@/lib/domain';
import { settings } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { historyDb } from '@/lib/history';
import { listBreakGlass } from '@/lib/history/break-glass';
import { historyAtCreation, listGaps } from '@/lib/history/reads';
import { readClients } from '@/lib/k8s/client';
import { listNamespaces } from '@/lib/k8s/namespaces';
import { asPodShape, listPods, timestampOf } from '@/lib/k8s/pods';
import { visible, type Rights } from '@/lib/domain/rights';
import { readTable } from '@/lib/k8s/table';
import { readRegistration } from '@/lib/k8s/webhook';
import type { PodsCreatedView } from './break-glass-types';

// The runbook's "pods created while the registration was gone": every pod created since the gap began (or since a
// time the operator typed, the runbook's SINCE), each container with its verdict, grouped by workload.

/** The pods created meanwhile in the namespaces the asker may list pods in (the others are not even explained). */
export async function readPodsCreated(typed: string | undefined, rights: Rights, now = new Date()): Promise<PodsCreatedView> {
  const s = settings();
  const db = await historyDb();
  let from = typed;
  let until: string | null = null;
  let source: PodsCreatedView['source'] = 'typed';
  if (!from) {
    const [records, gaps] = await Promise.all([listBreakGlass(db, new Date(now.getTime() - 30 * 24 * 3600_000)), listGaps(db)]);
    const gap = gaps.at(-1) ?? null;
    const recorded = gapStart(latestSession(records), gap);
    if (!recorded) throw new AppError('not-found', 'No gap in the registration is recorded: type the time of the deletion (SINCE).');
    from = recorded;
    // Pods created once it was back went through Kyverno: the recorded gap's end bounds the list.
    until = gap?.to ?? null;
    source = gap ? 'recorded-gap' : 'recorded-deletion';
  }
  const { groups, registrationEntry } = await podsCreatedBetween(from, until, rights, now);
  return {
    since: from,
    until,
    source,
    groups,
    command: podsSinceCommand(s.kubectl, from),
    limits: registrationEntry
      ? []
      : ['The registration is deleted, so its selectors are unknown: pods of the namespaces it skips are listed too.'],
  };
}

/** The covered pods created in [since, until) the asker may see, explained and grouped by workload. */
export async function podsCreatedBetween(since: string, until: string | null, rights: Rights, now = new Date()) {
  const s = settings();
  const db = await historyDb();
  const k = readClients();
  const sinceDate = toDate(since)!;
  const untilDate = toDate(until);
  const [pods, namespaces, table, registration] = await Promise.all([listPods(k), listNamespaces(k), readTable(k), readRegistration(k)]);
  const labels = new Map(namespaces.map((n) => [n.name, n.labels]));
  const explained: ExplainedPod[] = [];
  for (const raw of visible(rights, pods, (p) => p.metadata?.namespace ?? '')) {
    const pod = asPodShape(raw);
    const createdAt = pod ? timestampOf(pod) : null;
    if (!pod || !createdAt || new Date(createdAt) < wholeSecond(sinceDate) || (untilDate && new Date(createdAt) >= untilDate)) continue;
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
  return { groups: createdMeanwhile(explained, sinceDate, untilDate), registrationEntry: Boolean(registration.entry) };
}
