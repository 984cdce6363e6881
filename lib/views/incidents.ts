import 'server-only';
import {
  auditShownTo,
  awaitingKyvernoBack,
  buildIncident,
  followUps,
  gapWindows,
  incidentMarkdown,
  incidentSpans,
  stillUnsized,
  type CreatedMeanwhileGroup,
  type FailedCreateGroup,
  type Incident,
  type IncidentSpan,
  type Part,
  type ProbeAnswer,
} from '@/lib/domain';
import { EVERYTHING, visible, type Rights } from '@/lib/domain/rights';
import type { Cluster } from '@/lib/cluster/cluster';
import { AppError, toAppError } from '@/lib/errors';
import type { HistoryDb } from '@/lib/history';
import { listBreakGlassWithIds } from '@/lib/history/break-glass';
import { listIncidentAudit, listProbeOutcomes, listReplicas, recordProbeOutcome } from '@/lib/history/incidents';
import { listGaps } from '@/lib/history/reads';
import { readFailedCreates } from '@/lib/k8s/failed-creates';
import { readMutatingPolicy } from '@/lib/k8s/policy-objects';
import { attempt, part } from './part';
import { podsCreatedIn } from './pods-created';
import type { IncidentSummary, IncidentView, IncidentsView, OpenIncident } from './incidents-types';

// /incidents and /incidents/{id}: every break-glass and drill memdash carried out, each as one incident put together
// from the store (lib/domain/incident.ts says how) and the FailedCreate events still in the cluster.

/** How far back incidents are listed. */
export const RECORDS_DAYS = 90;
const DAY_MS = 24 * 3600_000;

async function spansSince(db: HistoryDb, now: Date): Promise<IncidentSpan[]> {
  return incidentSpans(await listBreakGlassWithIds(db, new Date(now.getTime() - RECORDS_DAYS * DAY_MS)));
}

/** The incident still open, if any: the store alone, cheap enough for the header's every read. */
export async function readOpenIncident(cluster: Cluster, now = new Date()): Promise<OpenIncident | null> {
  const last = (await spansSince(await cluster.history(), now)).at(-1);
  return last && last.closedAt === null ? { id: last.id, kind: last.kind, openedAt: last.openedAt } : null;
}

/** Whether an open incident waits for Kyverno to be back (scaled up): the store alone, as readOpenIncident. */
export async function readAwaitingKyvernoBack(cluster: Cluster, now = new Date()): Promise<boolean> {
  return awaitingKyvernoBack(await spansSince(await cluster.history(), now));
}

/** Every incident, oldest first, and whether the events could be read; refused creates cut to the asker's namespaces. */
async function readAll(cluster: Cluster, rights: Rights, now: Date) {
  const db = await cluster.history();
  const spans = await spansSince(db, now);
  const since = new Date((spans[0] ? Date.parse(spans[0].openedAt) : now.getTime()) - DAY_MS);
  const [gaps, replicas, probes, audit, events] = await Promise.all([
    listGaps(db),
    listReplicas(db, since),
    listProbeOutcomes(db, since),
    listIncidentAudit(db, since),
    part('list events in every namespace', () => readFailedCreates(cluster)),
  ]);
  const failedCreates: FailedCreateGroup[] | null = events.ok ? visible(rights, events.value, (g) => g.owner.namespace) : null;
  const inputs = { gaps, replicas, probes, audit: auditShownTo(rights, audit), failedCreates };
  const incidents = spans.map((span, i) =>
    buildIncident(span, inputs, { previousEnd: spans[i - 1]?.closedAt ?? null, nextOpen: spans[i + 1]?.openedAt ?? null }, now),
  );
  return { incidents, events: events.ok ? ({ ok: true, value: null } as const) : events };
}

function summaryOf(i: Incident): IncidentSummary {
  const { id, kind, open, startedAt, closedAt, closedHow, restoredAt, backAt, timeToRestoreMs, timeToBringBackMs } = i;
  const inferred = i.timeline.filter((e) => e.inferred).length;
  return { id, kind, open, startedAt, closedAt, closedHow, restoredAt, backAt, timeToRestoreMs, timeToBringBackMs, inferred };
}

export async function readIncidents(cluster: Cluster, rights: Rights, now = new Date()): Promise<IncidentsView> {
  const { incidents, events } = await readAll(cluster, rights, now);
  return { readAt: now.toISOString(), incidents: incidents.map(summaryOf).reverse(), recordsDays: RECORDS_DAYS, events };
}

/** Every incident as the metrics take them (all namespaces). */
export async function incidentsForMetrics(cluster: Cluster, now = new Date()): Promise<Incident[]> {
  return (await readAll(cluster, EVERYTHING, now)).incidents;
}

export async function readIncident(cluster: Cluster, id: string, rights: Rights, now = new Date()): Promise<IncidentView> {
  return (await incidentWithImpact(cluster, id, rights, now)).view;
}

async function incidentWithImpact(cluster: Cluster, id: string, rights: Rights, now: Date) {
  const { incidents, events } = await readAll(cluster, rights, now);
  const incident = incidents.find((i) => i.id === id);
  if (!incident) throw new AppError('not-found', `No incident ${id} in the records of the last ${RECORDS_DAYS} days`);
  // each gap's pods, as /break-glass lists them: not those created between two gaps, which went through Kyverno
  const pods: Part<CreatedMeanwhileGroup[]> = incident.gaps.length
    ? await part('list pods in every namespace', async () => (await podsCreatedIn(cluster, gapWindows(incident.gaps), rights, now)).groups)
    : { ok: true, value: [] };
  const policy = incident.policyDenied ? await attempt(() => readMutatingPolicy(cluster)) : null;
  const impact = { pods: pods.ok ? pods.value : null, policyReady: policy?.ok ? policy.value.ready : null };
  const view: IncidentView = {
    readAt: now.toISOString(),
    incident,
    pods,
    restarted: stillUnsized(incident, impact.pods ?? []).flatMap((u) =>
      u.restarted ? [`${u.group.namespace}/${u.group.workload!.name}`] : [],
    ),
    followUps: followUps(incident, impact, cluster.facts.kubectl),
    events,
  };
  return { view, impact };
}

/** The postmortem draft of one incident. */
export async function readIncidentMarkdown(cluster: Cluster, id: string, rights: Rights, now = new Date()): Promise<string> {
  const { view, impact } = await incidentWithImpact(cluster, id, rights, now);
  return incidentMarkdown(view.incident, impact, cluster.facts.kubectl);
}

// The probe answers shared by many requests (a cluster's limiter's) are one answer: it is offered to the store once.
// Per cluster: two clusters' probes may answer at the same moment, and each is its own cluster's evidence.
const offeredAt = new WeakMap<Cluster, string>();

/** Keeps the probe's outcome when it changed: an incident's first refused probe is often the header's. */
export async function noteProbeOutcome(cluster: Cluster, answer: ProbeAnswer): Promise<void> {
  if (answer.at === offeredAt.get(cluster)) return;
  offeredAt.set(cluster, answer.at);
  try {
    await recordProbeOutcome(await cluster.history(), answer.at, answer.outcome);
  } catch (err) {
    // the probe's answer is given all the same; only the incident's first refusal may come out later
    console.error("memdash: the probe's outcome could not be stored:", toAppError(err).message);
  }
}
