import 'server-only';
import {
  breakGlassCommands,
  breakGlassProgress,
  controlPlaneFallback,
  drillProgress,
  ownedBy,
  webhookStateOf,
  type BreakGlassFacts,
  type BreakGlassNames,
} from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import type { ClusterFacts } from '@/lib/cluster/facts';
import { seesNamespace, visiblePart, type Rights } from '@/lib/domain/rights';
import { listBreakGlass, savedRegistration } from '@/lib/history/break-glass';
import { lastDesiredReplicas } from '@/lib/history/observations';
import { readAdmissionReplicas } from '@/lib/k8s/admission';
import { admissionPodsLeft, listManagedRegistrations } from '@/lib/k8s/break-glass';
import { readFailedCreates, readQuotaRefusals } from '@/lib/k8s/failed-creates';
import { readWebhookConfiguration } from '@/lib/k8s/webhook';
import { kyvernoNames } from './kyverno-names';
import { readOpenIncident } from './incidents';
import { recordedWindows } from './pods-created';
import { attempt, part } from './part';
import type { BreakGlassCommandsView, BreakGlassView, DrillView } from './break-glass-types';

// What /break-glass and /break-glass/drill show: the evidence, and where the steps stand, from the cluster and the
// history store each time it is read (the page polls it), so that any tab resumes at the same step.

/** How long the wait for the admission controller's pods lasts, as the runbook's `--timeout=2m`. */
export const WAIT_TIMEOUT_MS = 120_000;
/** How far back the records are read: a break-glass is resolved within hours, not weeks. */
const RECORDS_WINDOW_MS = 30 * 24 * 3600_000;

function commandsView(names: BreakGlassNames, scaleUpTo: number): BreakGlassCommandsView {
  const c = breakGlassCommands(names);
  return { ...c, scaleUp: c.scaleUp(scaleUpTo) };
}

/** The cluster's side of the facts; any failed read fails the whole (the steps cannot be judged without it). */
async function clusterFacts(c: Cluster) {
  const s = c.facts;
  const [replicas, podsLeft, registrations, podRegistration] = await Promise.all([
    readAdmissionReplicas(c),
    admissionPodsLeft(c),
    listManagedRegistrations(c),
    readWebhookConfiguration(c),
  ]);
  const entries = podRegistration?.webhooks ?? [];
  return {
    deployment: replicas ? { desired: replicas.desired, ready: replicas.ready } : null,
    podsLeft,
    registrations: registrations as string[],
    podRegistration: podRegistration
      ? {
          entry: entries.some((e) => e.name === s.webhookEntry),
          owner: ownedBy(podRegistration.metadata?.ownerReferences ?? [], s.webhookOwner),
        }
      : null,
    podRegistrationEntries: entries,
    podRegistrationOwners: podRegistration?.metadata?.ownerReferences ?? [],
  };
}

/** Every fact the steps are derived from, read now. */
export async function readBreakGlassFacts(c: Cluster, now: Date) {
  const db = await c.history();
  const [cluster, records, lastReplicas] = await Promise.all([
    clusterFacts(c),
    listBreakGlass(db, new Date(now.getTime() - RECORDS_WINDOW_MS)),
    lastDesiredReplicas(db),
  ]);
  const facts: BreakGlassFacts = {
    deployment: cluster.deployment,
    podsLeft: cluster.podsLeft,
    registrations: cluster.registrations,
    podRegistration: cluster.podRegistration,
    records,
    // a scale-down memdash did not make recorded no count: the recorder's last one above zero, else the setting
    defaultReplicas: lastReplicas ?? c.facts.admissionReplicas,
    waitTimeoutMs: WAIT_TIMEOUT_MS,
  };
  return { facts, cluster };
}

/**
 * The break-glass page for one person: its state and steps for everyone signed in (that is what the page is for),
 * its evidence cut to them: refused creates of their namespaces, Kyverno's pods left if they may list pods there.
 */
export async function readBreakGlass(c: Cluster, rights: Rights, now = new Date()): Promise<BreakGlassView> {
  const s = c.facts;
  const names = kyvernoNames(s);
  const [read, failedCreates, quotaRefusals, open, recorded] = await Promise.all([
    part('the admission controller, its pods, the registrations and the history store', () => readBreakGlassFacts(c, now)),
    part('list events in every namespace', () => readFailedCreates(c)),
    part('list events in every namespace', () => readQuotaRefusals(c)),
    attempt(() => readOpenIncident(c, now)),
    attempt(() => recordedWindows(c, now)),
  ]);
  const v = read.ok ? read.value : null;
  const progress = v ? breakGlassProgress(v.facts, now) : null;
  // the SINCE of the pods created meanwhile: the incident's first deletion (every gap of it is listed)
  const windows = recorded.ok ? recorded.value : null;
  const lastProbe = v?.facts.records.findLast((r) => r.action === 'probe' && r.probe);
  return {
    readAt: now.toISOString(),
    evidence: {
      state: v ? { ok: true, value: stateOf(s, v.cluster) } : (read as Exclude<typeof read, { ok: true }>),
      failedCreates: visiblePart(rights, failedCreates, (group) => group.owner.namespace),
      quotaRefusals: visiblePart(rights, quotaRefusals, (group) => group.owner.namespace),
      lastProbe: lastProbe ? { at: lastProbe.at, outcome: lastProbe.probe! } : null,
    },
    progress: progress ? { ok: true, value: progress } : (read as Exclude<typeof read, { ok: true }>),
    deployment: v?.facts.deployment ?? null,
    podsLeft: kyvernoPodsFor(s, rights, v?.facts.podsLeft ?? []),
    registrations: v?.facts.registrations ?? [],
    gap: windows ? { since: windows.windows[0]!.from, source: windows.source } : null,
    waitTimeoutMs: WAIT_TIMEOUT_MS,
    commands: commandsView(names, progress?.scaleUpTo ?? s.admissionReplicas),
    fallback: controlPlaneFallback(s.controlPlaneNodes, names, progress?.scaleUpTo ?? s.admissionReplicas),
    names,
    openIncident: open.ok ? open.value : null,
  };
}

/** The webhook page's state, from the same reads. */
function stateOf(s: ClusterFacts, cluster: Awaited<ReturnType<typeof clusterFacts>>) {
  const registration = cluster.podRegistration
    ? { entries: cluster.podRegistrationEntries, ownerReferences: cluster.podRegistrationOwners }
    : null;
  return webhookStateOf({ replicas: cluster.deployment, registration, entryName: s.webhookEntry, ownerName: s.webhookOwner });
}

/** Kyverno's pods by name, for those who may list pods in its namespace; none for anyone else. */
function kyvernoPodsFor<T>(s: ClusterFacts, rights: Rights, pods: T[]): T[] {
  return seesNamespace(rights, s.kyvernoNamespace) ? pods : [];
}

/** The drill's steps for everyone signed in; Kyverno's pods left as on the break-glass page. */
export async function readDrill(c: Cluster, rights: Rights, now = new Date()): Promise<DrillView> {
  const s = c.facts;
  const names = kyvernoNames(s);
  const read = await part('the admission controller, its pods, the registrations and the history store', async () => {
    const [facts, saved] = await Promise.all([readBreakGlassFacts(c, now), c.history().then(savedRegistration)]);
    return { ...facts, saved };
  });
  const v = read.ok ? read.value : null;
  return {
    readAt: now.toISOString(),
    progress: v ? { ok: true, value: drillProgress(v.facts) } : (read as Exclude<typeof read, { ok: true }>),
    deployment: v?.facts.deployment ?? null,
    podsLeft: kyvernoPodsFor(s, rights, v?.facts.podsLeft ?? []),
    registrations: v?.facts.registrations ?? [],
    podRegistration: v?.facts.podRegistration ?? null,
    saved: v?.saved ?? null,
    defaultReplicas: v?.facts.defaultReplicas ?? s.admissionReplicas,
    commands: commandsView(names, v?.facts.defaultReplicas ?? s.admissionReplicas),
    names,
  };
}
