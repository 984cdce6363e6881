import type { ProbeOutcome } from './probe';
import { showTime, toDate } from './time';
import type { WebhookState } from './webhook-state';

// Where the break-glass stands, from the cluster as it is now and what memdash recorded when it acted. Never from
// the browser tab: a reload, a second tab or a second operator sees the same step. Pressing a step twice is
// harmless, so a step is "done" when the cluster shows its effect, whoever caused it (memdash, kubectl, Argo CD).

export const BREAK_GLASS_ACTIONS = ['scale-down', 'delete-registrations', 'probe', 'scale-up'] as const;
export type BreakGlassAction = (typeof BREAK_GLASS_ACTIONS)[number];

/** An action memdash carried out, as the history store keeps it (refused ones are only in the audit log). */
export interface BreakGlassRecord {
  at: string;
  action: BreakGlassAction | 'drill-save' | 'drill-create-saved';
  /** scale-down: the replicas before it; scale-up: the replicas it set. */
  replicas: number | null;
  /** delete-registrations: `Kind/name` of what it deleted. */
  registrations: string[];
  /** probe: its outcome, and whether the pod webhook's registration stood when it ran. */
  probe: ProbeOutcome | null;
  registrationPresent: boolean | null;
}

/** A record of `action` at `at` (ISO time) that says nothing else unless `extra` does. */
export function breakGlassRecord(at: string, action: BreakGlassRecord['action'], extra: Partial<BreakGlassRecord> = {}): BreakGlassRecord {
  return { at, action, replicas: null, registrations: [], probe: null, registrationPresent: null, ...extra };
}

export interface BreakGlassFacts {
  /** The admission controller's Deployment; null when it does not exist. */
  deployment: { desired: number; ready: number } | null;
  /** Its pods still there (Terminating ones included). */
  podsLeft: Array<{ name: string; node: string | null; terminating: boolean }>;
  /** Kyverno's registrations standing now (by its managed-by label), as `Kind/name`. */
  registrations: string[];
  /** The pod webhook's registration: null while it is deleted. */
  podRegistration: { entry: boolean; owner: boolean } | null;
  /** Oldest first. */
  records: BreakGlassRecord[];
  /** What to scale back to when no count was recorded (the runbook's three). */
  defaultReplicas: number;
  /** How long the wait for the pods lasts before the runbook's note applies (two minutes). */
  waitTimeoutMs: number;
}

export type StepId =
  'scale-down' | 'wait-pods' | 'delete-registrations' | 'probe' | 'scale-up' | 'wait-ready' | 'registration-back' | 'probe-through';
export type StepStatus = 'done' | 'next' | 'waiting' | 'timed-out' | 'pending';

export const STEP_TITLES: Record<StepId, string> = {
  'scale-down': 'Scale the admission controller to 0',
  'wait-pods': 'Wait for its pods to go',
  'delete-registrations': "Delete Kyverno's webhook registrations",
  probe: 'Run the probe: admitted',
  'scale-up': 'Scale the admission controller back',
  'wait-ready': 'Wait for a Ready replica',
  'registration-back': 'The pod webhook is registered again, with its entry and owner',
  'probe-through': 'Run the probe: admitted through Kyverno',
};

export interface StepState {
  id: StepId;
  status: StepStatus;
  /** What the cluster or the record shows, in words. */
  detail: string;
}

/** One break-glass, from its first scale-down to its scale-up. */
export interface BreakGlassSession {
  /** null when Kyverno was scaled to zero by something other than memdash. */
  startedAt: string | null;
  replicasBefore: number | null;
  deletedAt: string | null;
  deleted: string[];
  scaledUpAt: string | null;
  probes: Array<{ at: string; outcome: ProbeOutcome; registrationPresent: boolean | null }>;
  /** A drill's (its registration saved first), not an incident's. */
  drill: boolean;
}

export type BreakGlassPhase = 'idle' | 'restoring' | 'restored' | 'bringing-back' | 'back';

export interface BreakGlassProgress {
  phase: BreakGlassPhase;
  steps: StepState[];
  /** The step to do now; null while only waiting helps (or when all is done). */
  next: StepId | null;
  session: BreakGlassSession | null;
  /** The replica count "bring back" scales to: the recorded one, else the default. */
  scaleUpTo: number;
}

/** The latest break-glass in the records: a scale-down opens one, a scale-up closes it. */
export function latestSession(records: readonly BreakGlassRecord[]): BreakGlassSession | null {
  let session: BreakGlassSession | null = null;
  let drillSaved = false;
  for (const r of records) {
    if (r.action === 'drill-save') drillSaved = true;
    if (r.action === 'scale-down') {
      if (!session || session.scaledUpAt) {
        session = { ...emptySession(r.at), drill: drillSaved };
        drillSaved = false;
      }
      // A second press finds zero replicas: the count before the first press is the one to keep.
      if (session.replicasBefore === null && r.replicas !== null && r.replicas > 0) session.replicasBefore = r.replicas;
      continue;
    }
    if (!session || session.scaledUpAt) continue;
    if (r.action === 'delete-registrations') {
      session.deletedAt ??= r.at;
      session.deleted = [...new Set([...session.deleted, ...r.registrations])];
    } else if (r.action === 'probe' && r.probe) {
      session.probes.push({ at: r.at, outcome: r.probe, registrationPresent: r.registrationPresent });
    } else if (r.action === 'scale-up') {
      session.scaledUpAt = r.at;
    } else if (r.action === 'drill-create-saved') {
      session.drill = true;
    }
  }
  // Probes after the scale-up belong to bringing Kyverno back; they follow the closed session.
  if (session?.scaledUpAt) {
    const after = records.filter((r) => r.action === 'probe' && r.probe && r.at >= session!.scaledUpAt!);
    for (const r of after)
      if (!session.probes.some((p) => p.at === r.at))
        session.probes.push({ at: r.at, outcome: r.probe!, registrationPresent: r.registrationPresent });
  }
  return session;
}

function emptySession(startedAt: string | null): BreakGlassSession {
  return { startedAt, replicasBefore: null, deletedAt: null, deleted: [], scaledUpAt: null, probes: [], drill: false };
}

/** The newest probe at or after `from` (any probe when `from` is null). */
function probeSince(session: BreakGlassSession, from: string | null) {
  const fromMs = toDate(from)?.getTime() ?? -Infinity;
  return [...session.probes].reverse().find((p) => (toDate(p.at)?.getTime() ?? 0) >= fromMs) ?? null;
}

/** Every step's status and the next one, at `now`. */
export function breakGlassProgress(facts: BreakGlassFacts, now: Date): BreakGlassProgress {
  const recorded = latestSession(facts.records);
  const desired = facts.deployment?.desired ?? null;
  const atZero = desired === 0;
  // Scaled to zero by hand (kubectl, or the control-plane fallback): a break-glass memdash did not start.
  const session = atZero && (!recorded || recorded.scaledUpAt) ? emptySession(null) : recorded;
  const scaleUpTo = session?.replicasBefore ?? facts.defaultReplicas;
  if (atZero) return restoring(facts, session!, scaleUpTo, now);
  if (session && (session.scaledUpAt || session.deletedAt || session.startedAt)) return bringingBack(facts, session, scaleUpTo);
  const steps = ALL_STEPS.map((id) => ({ id, status: id === 'scale-down' ? 'next' : 'pending', detail: '' }) as StepState);
  return { phase: 'idle', steps, next: 'scale-down', session: null, scaleUpTo };
}

const RESTORE_STEPS: StepId[] = ['scale-down', 'wait-pods', 'delete-registrations', 'probe'];
const BACK_STEPS: StepId[] = ['scale-up', 'wait-ready', 'registration-back', 'probe-through'];
const ALL_STEPS = [...RESTORE_STEPS, ...BACK_STEPS];

function restoring(facts: BreakGlassFacts, session: BreakGlassSession, scaleUpTo: number, now: Date): BreakGlassProgress {
  const left = facts.podsLeft.length;
  const started = toDate(session.startedAt);
  const timedOut = left > 0 && started !== null && now.getTime() - started.getTime() > facts.waitTimeoutMs;
  const podsGone = left === 0;
  const deleted = facts.registrations.length === 0;
  const probe = probeSince(session, session.deletedAt ?? session.startedAt);
  const admitted = deleted && probe?.outcome === 'admitted';
  const restore: StepState[] = [
    { id: 'scale-down', status: 'done', detail: session.replicasBefore !== null ? `At 0 (it had ${session.replicasBefore})` : 'At 0' },
    { id: 'wait-pods', status: podsGone ? 'done' : timedOut ? 'timed-out' : 'waiting', detail: podsLeftWords(facts.podsLeft) },
    {
      id: 'delete-registrations',
      status: deleted ? 'done' : podsGone || timedOut ? 'next' : 'pending',
      detail: deleted ? deletedWords(session) : `Standing: ${facts.registrations.join(', ')}`,
    },
    {
      id: 'probe',
      status: admitted ? 'done' : deleted ? 'next' : 'pending',
      detail: probe ? `Last probe ${showTime(probe.at)}: ${probe.outcome}` : 'Not run since the registrations went',
    },
  ];
  const back = BACK_STEPS.map((id) => ({ id, status: 'pending', detail: '' }) as StepState);
  back[0] = { id: 'scale-up', status: admitted ? 'next' : 'pending', detail: `To ${scaleUpTo}` };
  const restored = restore.every((s) => s.status === 'done');
  const steps = [...restore, ...back];
  // While the pods are going, waiting is all there is to do; after the timeout the operator may go on to the delete.
  const next = steps.find((s) => s.status === 'next')?.id ?? null;
  return { phase: restored ? 'restored' : 'restoring', steps, next, session, scaleUpTo };
}

function bringingBack(facts: BreakGlassFacts, session: BreakGlassSession, scaleUpTo: number): BreakGlassProgress {
  const ready = facts.deployment?.ready ?? 0;
  const registration = facts.podRegistration;
  const registered = Boolean(registration?.entry && registration.owner);
  const probe = probeSince(session, session.scaledUpAt);
  const through = registered && probe?.outcome === 'admitted' && probe.registrationPresent === true;
  const restore: StepState[] = [
    { id: 'scale-down', status: 'done', detail: session.replicasBefore !== null ? `Was at ${session.replicasBefore}` : 'Done' },
    { id: 'wait-pods', status: 'done', detail: 'Done' },
    { id: 'delete-registrations', status: 'done', detail: deletedWords(session) },
    { id: 'probe', status: 'done', detail: 'Done' },
  ];
  const back: StepState[] = [
    {
      id: 'scale-up',
      status: 'done',
      detail: `At ${facts.deployment?.desired ?? '?'}${session.scaledUpAt ? ` since ${showTime(session.scaledUpAt)}` : ''}`,
    },
    { id: 'wait-ready', status: ready > 0 ? 'done' : 'waiting', detail: `${ready} of ${facts.deployment?.desired ?? '?'} replicas ready` },
    {
      id: 'registration-back',
      status: registered ? 'done' : ready > 0 ? 'waiting' : 'pending',
      detail: !registration
        ? 'Not registered yet (the leader registers it every 10 s)'
        : !registration.entry
          ? 'Registered without its entry'
          : registration.owner
            ? 'Registered with its entry and owner'
            : 'Registered without its owner',
    },
    {
      id: 'probe-through',
      status: through ? 'done' : registered ? 'next' : 'pending',
      detail: probe
        ? `Last probe ${showTime(probe.at)}: ${probe.outcome}${probe.registrationPresent ? ', through the registration' : ', without the registration'}`
        : 'Not run since the scale-up',
    },
  ];
  const steps = [...restore, ...back];
  const done = back.every((s) => s.status === 'done');
  return { phase: done ? 'back' : 'bringing-back', steps, next: steps.find((s) => s.status === 'next')?.id ?? null, session, scaleUpTo };
}

function podsLeftWords(pods: BreakGlassFacts['podsLeft']): string {
  if (pods.length === 0) return 'No admission controller pod left';
  return `${pods.length} left: ${pods.map((p) => `${p.name}${p.node ? ` on ${p.node}` : ''}${p.terminating ? ' (Terminating)' : ''}`).join(', ')}`;
}

function deletedWords(session: BreakGlassSession): string {
  if (!session.deletedAt) return 'None standing (a clean shutdown deletes them itself)';
  return `Deleted at ${showTime(session.deletedAt)}: ${session.deleted.join(', ') || 'nothing was left'}`;
}

/** The moment pods began to be admitted without Kyverno: the recorded gap's start, else the recorded deletion. */
export function gapStart(session: BreakGlassSession | null, gap: { from: string; since: string | null } | null): string | null {
  return gap?.since ?? gap?.from ?? session?.deletedAt ?? null;
}

export interface Indication {
  code: 'yes' | 'policy' | 'no' | 'unknown';
  words: string;
}

/** Whether the evidence calls for the break-glass: the probe first (it is the most direct), then the state and the refused creates. */
export function breakGlassIndication(state: WebhookState | null, failedCreates: number, probe: ProbeOutcome | null): Indication {
  if (probe === 'denied') {
    return {
      code: 'policy',
      words: 'Kyverno answers, with an error from the policy: the break-glass restores pod creation, but the fix is in the policy.',
    };
  }
  if (probe === 'unreachable' || state?.code === 'refusing') {
    return {
      code: 'yes',
      words: "Pod creation is refused because the API server cannot call Kyverno's webhook: the break-glass is indicated.",
    };
  }
  if (state?.code === 'break-glass') {
    return { code: 'no', words: "Kyverno's registration is gone: pods are admitted untouched. Bring Kyverno back below." };
  }
  if (probe === 'admitted') return { code: 'no', words: 'The probe is admitted: pod creation works, the break-glass is not indicated.' };
  if (failedCreates > 0) return { code: 'yes', words: "Refused creates name Kyverno's webhook: run the probe to confirm." };
  if (probe === 'refused')
    return {
      code: 'unknown',
      words: "The probe is refused, but not by Kyverno's webhook: the break-glass would not help; read the API server's message.",
    };
  return { code: 'unknown', words: 'Run the probe: its answer decides.' };
}
