import { STEP_TITLES, gapStart, latestSession, type StepId } from './break-glass';
import { gapWindows, type GapWindow } from './created-meanwhile';
import { DRILL_STEP_TITLES } from './drill';
import type { FailedCreateGroup } from './failed-creates';
import type { IncidentKind, IncidentSpan } from './incident-spans';
import type { ProbeOutcome } from './probe';
import type { RegistrationGap } from './registration-history';
import { seesNamespace, type Rights } from './rights';
import { toDate } from './time';

// One incident put together from what memdash recorded (the steps' records and audit, the registration's gaps, the
// replicas, the probe's outcomes) and what the cluster still says (the FailedCreate events, which expire after an
// hour: what is read from them is marked inferred). Times are the store's, ISO 8601 UTC, so they compare as text.

/** How long before its first step a refusal is taken as this incident's: a crash is noticed within the hour. */
export const REFUSAL_LOOKBACK_MS = 3600_000;
/** A step's audit record is dated when it began; the probe may wait on the webhook this long before it answers. */
const ANSWER_MS = 60_000;

/**
 * How the audit detail of a write refused as a second press begins (lib/http/duplicate-writes.ts): it changed
 * nothing, so the timeline leaves it out; the audit log keeps it.
 */
export const DUPLICATE_REFUSED = 'Duplicate refused';

/** A step's or a restart's audit record, as lib/history keeps it. */
export interface StepAudit {
  at: string;
  actor: string;
  signedIn?: string | null;
  credential?: 'pasted' | 'session' | null;
  action: string;
  target: string;
  outcome: 'success' | 'failure' | 'refused';
  detail: string | null;
}

/** The actor of a step, and the cluster's answer to it, shown to someone outside the audit group. */
export const WITHHELD = '(withheld: the audit group only)';

/**
 * The steps' audit as one person may read it: restarts only of their namespaces; outside the audit group, who pressed
 * withheld, and the cluster's answer with it, which can name them ("User alice@… cannot …").
 */
export function auditShownTo(rights: Rights, audit: readonly StepAudit[]): StepAudit[] {
  const shown = audit.filter((a) => a.action !== 'workload.restart' || seesNamespace(rights, a.target.split('/')[0]!));
  if (rights.audit) return shown;
  return shown.map((a) => ({ ...a, actor: WITHHELD, signedIn: null, credential: null, detail: a.detail === null ? null : WITHHELD }));
}

export interface IncidentInputs {
  gaps: readonly RegistrationGap[];
  /** The admission controller's replicas as they changed, oldest first. */
  replicas: ReadonlyArray<{ at: string; ready: number | null; desired: number | null }>;
  /** The probe's outcome as it changed, oldest first. */
  probes: ReadonlyArray<{ at: string; outcome: ProbeOutcome }>;
  audit: readonly StepAudit[];
  /** What the events say now; null when they could not be read. */
  failedCreates: readonly FailedCreateGroup[] | null;
}

export type EntryKind =
  | 'first-refused-create'
  | 'first-refused-probe'
  | 'step'
  | 'registration-gone'
  | 'registration-back'
  | 'replicas'
  | 'pod-creation-restored'
  | 'kyverno-back'
  | 'restart';

export interface TimelineEntry {
  at: string;
  kind: EntryKind;
  what: string;
  /** Read from what the cluster still says, not recorded as it happened. */
  inferred: boolean;
  /** Who pressed it: the signed-in person and the credential's identity. */
  by: { signedIn: string | null; actor: string; credential: 'pasted' | 'session' | null } | null;
  outcome: StepAudit['outcome'] | null;
  /** The cluster's answer, one line. */
  answer: string | null;
}

export interface Incident {
  id: string;
  kind: IncidentKind;
  open: boolean;
  /** The first sign of it: the first refused create or probe, else its first step. */
  startedAt: string;
  openedAt: string;
  closedAt: string | null;
  closedHow: IncidentSpan['closedHow'];
  /** The first probe admitted once the registration was gone; and the first through Kyverno's registration again. */
  restoredAt: string | null;
  backAt: string | null;
  timeToRestoreMs: number | null;
  timeToBringBackMs: number | null;
  firstRefusedCreate: { at: string; controllers: string[]; count: number } | null;
  firstRefusedProbe: { at: string; outcome: ProbeOutcome } | null;
  /** Kyverno denied a probe with an error from the policy: the fix is in the policy. */
  policyDenied: boolean;
  /** The registration's gaps within it: when pods went to no one. */
  gaps: RegistrationGap[];
  /** Workloads restarted afterwards (audit targets, `namespace/kind/name`). */
  restarts: StepAudit[];
  timeline: TimelineEntry[];
}

const ms = (at: string | null | undefined) => toDate(at)?.getTime() ?? NaN;
const iso = (time: number) => new Date(time).toISOString();
const REFUSING: ProbeOutcome[] = ['unreachable', 'denied'];

/**
 * The incident of `span`, `previousEnd` the time the one before it closed (its refusals are not this one's),
 * `nextOpen` the time the next one opened (restarts and answers after it are the next one's).
 */
export function buildIncident(
  span: IncidentSpan,
  inputs: IncidentInputs,
  bounds: { previousEnd: string | null; nextOpen: string | null },
  now: Date,
): Incident {
  const end = span.closedAt ?? now.toISOString();
  const from = iso(Math.max(ms(span.openedAt) - REFUSAL_LOOKBACK_MS, ms(bounds.previousEnd) || -Infinity));
  const refusedCreate = firstRefusedCreate(inputs.failedCreates ?? [], from, end);
  const refusedProbe = firstRefusedProbe(span, inputs.probes, bounds.previousEnd, end);
  const startedAt = [span.openedAt, refusedCreate?.at, refusedProbe?.at].filter((t): t is string => !!t).sort()[0]!;
  const until = Math.min(span.closedAt ? ms(span.closedAt) + ANSWER_MS : now.getTime(), ms(bounds.nextOpen) || Infinity);
  const steps = inputs.audit.filter(
    (a) => a.action !== 'workload.restart' && !duplicate(a) && ms(a.at) >= ms(startedAt) && ms(a.at) <= until,
  );
  const gaps = gapsWithin(inputs.gaps, from, end);
  const restartFrom = ms(gaps[0]?.from ?? span.openedAt);
  const restartUntil = ms(bounds.nextOpen) || now.getTime();
  const restarts = inputs.audit.filter((a) => a.action === 'workload.restart' && ms(a.at) >= restartFrom && ms(a.at) <= restartUntil);
  const restoredAt = firstRestore(span);
  const backAt = span.closedHow === 'kyverno-back' ? span.closedAt : null;
  const incident: Incident = {
    id: span.id,
    kind: span.kind,
    open: span.closedAt === null,
    startedAt,
    openedAt: span.openedAt,
    closedAt: span.closedAt,
    closedHow: span.closedHow,
    restoredAt,
    backAt,
    timeToRestoreMs: restoredAt ? ms(restoredAt) - ms(startedAt) : null,
    timeToBringBackMs: backAt ? ms(backAt) - ms(startedAt) : null,
    firstRefusedCreate: refusedCreate,
    firstRefusedProbe: refusedProbe,
    policyDenied: span.records.some((r) => r.probe === 'denied') || refusedProbe?.outcome === 'denied',
    gaps,
    restarts,
    timeline: [],
  };
  incident.timeline = timelineOf(incident, steps, inputs.replicas, end);
  return incident;
}

const duplicate = (a: StepAudit) => a.outcome === 'refused' && (a.detail?.startsWith(DUPLICATE_REFUSED) ?? false);

/** The gaps that began within [from, end]: an incident's. */
const gapsWithin = (gaps: readonly RegistrationGap[], from: string, end: string) =>
  gaps.filter((g) => ms(g.from) >= ms(from) && ms(g.from) <= ms(end));

/**
 * The registration's gaps of the last incident (open, or the last closed), as its page lists them: every gap, the
 * first from its first deletion. Empty when there is no incident or it had no recorded gap.
 */
export function lastIncidentGaps(spans: readonly IncidentSpan[], gaps: readonly RegistrationGap[], now: Date): RegistrationGap[] {
  const span = spans.at(-1);
  if (!span) return [];
  const previousEnd = spans.at(-2)?.closedAt ?? null;
  const from = iso(Math.max(ms(span.openedAt) - REFUSAL_LOOKBACK_MS, ms(previousEnd) || -Infinity));
  return gapsWithin(gaps, from, span.closedAt ?? now.toISOString());
}

/**
 * Where the pods created while the registration was gone are to be looked for, from what memdash recorded: every gap
 * of the last incident, the first from its first deletion; a gap after it that memdash did not act on (a delete by
 * hand), alone; else the last incident's recorded deletion. Null when nothing is recorded.
 */
export function recordedGapWindows(
  spans: readonly IncidentSpan[],
  gaps: readonly RegistrationGap[],
  now: Date,
): { windows: GapWindow[]; source: 'recorded-gap' | 'recorded-deletion' } | null {
  const ofIncident = lastIncidentGaps(spans, gaps, now);
  const last = gaps.at(-1);
  const span = spans.at(-1);
  const afterIt = last && !ofIncident.includes(last) && (!span || (span.closedAt !== null && ms(last.from) > ms(span.closedAt)));
  if (afterIt) return { windows: gapWindows([last]), source: 'recorded-gap' };
  if (ofIncident.length > 0) return { windows: gapWindows(ofIncident), source: 'recorded-gap' };
  const deletedAt = gapStart(latestSession(span?.records ?? []), null);
  return deletedAt ? { windows: [{ from: deletedAt, to: null }], source: 'recorded-deletion' } : null;
}

/** The earliest FailedCreate naming the webhook that falls within the incident, with every controller refused in it. */
function firstRefusedCreate(groups: readonly FailedCreateGroup[], from: string, end: string): Incident['firstRefusedCreate'] {
  const within = groups.filter((g) => g.first && ms(g.first) >= ms(from) && ms(g.first) <= ms(end));
  if (within.length === 0) return null;
  const at = within.map((g) => g.first!).sort()[0]!;
  const controllers = within.map((g) => `${g.owner.kind} ${g.owner.namespace}/${g.owner.name}`).sort();
  return { at, controllers, count: within.reduce((sum, g) => sum + g.count, 0) };
}

/**
 * The first refusal by Kyverno's webhook the probe saw: the refusal in force when the incident opened (the header's or
 * the webhook page's probe, since the last incident), else the first within it.
 */
function firstRefusedProbe(
  span: IncidentSpan,
  probes: IncidentInputs['probes'],
  previousEnd: string | null,
  end: string,
): Incident['firstRefusedProbe'] {
  const before = probes.findLast((p) => ms(p.at) <= ms(span.openedAt));
  if (before && REFUSING.includes(before.outcome) && (!previousEnd || ms(before.at) >= ms(previousEnd)))
    return { at: before.at, outcome: before.outcome };
  const recorded = span.records.find((r) => r.probe && REFUSING.includes(r.probe));
  const changed = probes.find((p) => REFUSING.includes(p.outcome) && ms(p.at) >= ms(span.openedAt) && ms(p.at) <= ms(end));
  const first = [recorded && { at: recorded.at, outcome: recorded.probe! }, changed]
    .filter((p) => !!p)
    .sort((a, b) => ms(a.at) - ms(b.at))[0];
  return first ?? null;
}

/** The first probe admitted with no registration standing (deleted, or gone with a clean shutdown): pod creation works. */
function firstRestore(span: IncidentSpan): string | null {
  return span.records.find((r) => r.action === 'probe' && r.probe === 'admitted' && r.registrationPresent === false)?.at ?? null;
}

const STEP_WORDS: Record<string, string> = {
  'break-glass.scale-down': STEP_TITLES['scale-down'],
  'break-glass.delete-registrations': STEP_TITLES['delete-registrations'],
  'break-glass.probe': 'Run the probe',
  'break-glass.scale-up': STEP_TITLES['scale-up' satisfies StepId],
  'drill.save': DRILL_STEP_TITLES.save,
  'drill.create-saved': DRILL_STEP_TITLES['create-saved'],
};

const entry = (at: string, kind: EntryKind, what: string, extra: Partial<TimelineEntry> = {}): TimelineEntry => ({
  at,
  kind,
  what,
  inferred: false,
  by: null,
  outcome: null,
  answer: null,
  ...extra,
});

const byOf = (a: StepAudit): TimelineEntry['by'] => ({ signedIn: a.signedIn ?? null, actor: a.actor, credential: a.credential ?? null });

function timelineOf(incident: Incident, steps: StepAudit[], replicas: IncidentInputs['replicas'], end: string): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  const c = incident.firstRefusedCreate;
  if (c)
    entries.push(
      entry(c.at, 'first-refused-create', `First refused create naming Kyverno's webhook: ${c.count} by ${c.controllers.join(', ')}`, {
        inferred: true,
      }),
    );
  const p = incident.firstRefusedProbe;
  if (p) entries.push(entry(p.at, 'first-refused-probe', `The probe refused (${p.outcome})`));
  for (const a of steps)
    entries.push(entry(a.at, 'step', STEP_WORDS[a.action] ?? a.action, { by: byOf(a), outcome: a.outcome, answer: a.detail }));
  for (const g of incident.gaps) {
    const maybeEarlier = g.since !== null && g.since !== g.from;
    const words = maybeEarlier
      ? `The pod webhook's registration found gone (it may have gone from ${g.since})`
      : "The pod webhook's registration gone";
    entries.push(entry(goneBy(g, incident.gaps, incident.restoredAt), 'registration-gone', words, { inferred: maybeEarlier }));
    if (g.to) entries.push(entry(g.seenBack ?? g.to, 'registration-back', "The pod webhook's registration back"));
  }
  for (const r of replicasWithin(replicas, incident.startedAt, end)) entries.push(entry(r.at, 'replicas', replicasWords(r)));
  if (incident.restoredAt)
    entries.push(entry(incident.restoredAt, 'pod-creation-restored', 'Pod creation restored: the probe admitted with no registration'));
  if (incident.backAt) entries.push(entry(incident.backAt, 'kyverno-back', 'Kyverno back: the probe admitted through its registration'));
  for (const a of incident.restarts)
    entries.push(entry(a.at, 'restart', `Restart ${a.target}`, { by: byOf(a), outcome: a.outcome, answer: a.detail }));
  return entries.sort((a, b) => ms(a.at) - ms(b.at));
}

/**
 * When the registration was gone for certain. The probe admitted with no registration saw it gone: when no recorded
 * gap holds that moment, memdash's watch told of the delete a moment later, and the next gap began by then.
 */
function goneBy(g: RegistrationGap, gaps: readonly RegistrationGap[], restoredAt: string | null): string {
  const restored = ms(restoredAt);
  if (Number.isNaN(restored)) return g.from;
  const held = gaps.some((x) => ms(x.from) <= restored && (x.to === null || restored < ms(x.to)));
  return !held && gaps.find((x) => ms(x.from) > restored) === g ? restoredAt! : g.from;
}

/** The replicas in force when the incident started (dated then), and every change until its end. */
function replicasWithin(replicas: IncidentInputs['replicas'], start: string, end: string) {
  const before = replicas.findLast((r) => ms(r.at) <= ms(start));
  const after = replicas.filter((r) => ms(r.at) > ms(start) && ms(r.at) <= ms(end));
  return before ? [{ ...before, at: start }, ...after] : after;
}

function replicasWords(r: IncidentInputs['replicas'][number]): string {
  if (r.desired === null) return 'The admission controller: its Deployment is gone';
  return `The admission controller: ${r.ready ?? 0} of ${r.desired} replicas ready`;
}
