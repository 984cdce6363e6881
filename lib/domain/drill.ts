import type { BreakGlassFacts, BreakGlassRecord } from './break-glass';
import type { ProbeOutcome } from './probe';
import { showTime } from './time';

// The runbook's drill, with Kyverno healthy: save the pod webhook's registration, scale to zero and wait (the
// registration goes with the clean shutdown), create the saved copy (the state a crashed Kyverno leaves: the probe
// is refused), delete by label (admitted), scale back (registered again, admitted through Kyverno). Derived, like
// the break-glass, from the cluster and the records, so a reload or another tab resumes at the same step.

export const DRILL_STEPS = ['save', 'scale-down', 'create-saved', 'delete-registrations', 'scale-up'] as const;
export type DrillStepId = (typeof DRILL_STEPS)[number];
export type CheckStatus = 'holds' | 'does-not-hold' | 'not-yet';

export const DRILL_STEP_TITLES: Record<DrillStepId, string> = {
  save: 'Save the registration',
  'scale-down': 'Scale the admission controller to zero and wait for its pods to go',
  'create-saved': 'Create the saved copy',
  'delete-registrations': "Delete Kyverno's registrations by label",
  'scale-up': 'Scale back',
};

export interface DrillCheck {
  /** What the runbook says must hold. */
  expect: string;
  status: CheckStatus;
  /** What was found. */
  found: string;
}

export interface DrillStep {
  id: DrillStepId;
  done: boolean;
  checks: DrillCheck[];
}

export interface DrillProgress {
  /** When the registration was saved (the drill began); null before any drill. */
  startedAt: string | null;
  steps: DrillStep[];
  /** The step to press now, or null while waiting on a check, or when the drill is complete. */
  next: DrillStepId | null;
  complete: boolean;
  /** A probe is the check to run now (its outcome decides the step's check). */
  probeWanted: boolean;
}

/** The records of the latest drill: from its save on. */
function drillRecords(records: readonly BreakGlassRecord[]): BreakGlassRecord[] | null {
  const start = records.findLastIndex((r) => r.action === 'drill-save');
  return start < 0 ? null : records.slice(start);
}

const firstAfter = (records: BreakGlassRecord[], action: BreakGlassRecord['action'], after: string | null) =>
  after === null ? undefined : records.find((r) => r.action === action && r.at >= after);

/** The last probe between a step and the next one: what that step's check saw. */
const lastProbeBetween = (records: BreakGlassRecord[], after: string, before: string | undefined) =>
  records.findLast((r) => r.action === 'probe' && r.at >= after && (before === undefined || r.at < before));

function probeCheck(expect: string, want: ProbeOutcome, probe: BreakGlassRecord | undefined, through = false): DrillCheck {
  if (!probe?.probe) return { expect, status: 'not-yet', found: 'Not run yet' };
  const ok = probe.probe === want && (!through || probe.registrationPresent === true);
  const how = probe.registrationPresent ? 'with the registration standing' : 'with no registration';
  return { expect, status: ok ? 'holds' : 'does-not-hold', found: `${showTime(probe.at)}: ${probe.probe} (${how})` };
}

export function drillProgress(facts: BreakGlassFacts): DrillProgress {
  const records = drillRecords(facts.records);
  const startedAt = records?.[0]?.at ?? null;
  const r = records ?? [];
  const desired = facts.deployment?.desired ?? null;
  const ready = facts.deployment?.ready ?? 0;
  const scaledDown = firstAfter(r, 'scale-down', startedAt);
  const created = firstAfter(r, 'drill-create-saved', scaledDown?.at ?? null);
  const deleted = firstAfter(r, 'delete-registrations', created?.at ?? null);
  const scaledUp = firstAfter(r, 'scale-up', deleted?.at ?? null);
  const podsGone = facts.podsLeft.length === 0;
  const registration = facts.podRegistration;

  const pressed = [startedAt !== null, Boolean(scaledDown), Boolean(created), Boolean(deleted), Boolean(scaledUp)];
  const checks: DrillCheck[][] = [
    [],
    scaledDown
      ? [
          {
            expect: 'Its pods are gone',
            status: podsGone || created ? 'holds' : 'not-yet',
            found: podsGone ? 'None left' : `${facts.podsLeft.length} left`,
          },
          {
            expect: 'The registration is gone (the clean shutdown deleted it)',
            status: registration === null || created ? 'holds' : podsGone ? 'does-not-hold' : 'not-yet',
            found: created ? 'It was gone before the copy was created' : registration === null ? 'NotFound' : 'It still stands',
          },
        ]
      : [],
    created
      ? [
          probeCheck(
            'The probe is refused (no replica answers the saved registration)',
            'unreachable',
            lastProbeBetween(r, created.at, deleted?.at),
          ),
        ]
      : [],
    deleted ? [probeCheck('The probe is admitted', 'admitted', lastProbeBetween(r, deleted.at, scaledUp?.at))] : [],
    scaledUp
      ? [
          { expect: 'A replica is Ready', status: ready > 0 ? 'holds' : 'not-yet', found: `${ready} of ${desired ?? '?'} ready` },
          {
            expect: 'The registration is back with its entry and its owner',
            status: registration?.entry && registration.owner ? 'holds' : 'not-yet',
            found: !registration
              ? 'Not registered yet'
              : `${registration.entry ? 'entry' : 'no entry'}, ${registration.owner ? 'owner' : 'no owner'}`,
          },
          probeCheck('The probe is admitted through Kyverno', 'admitted', lastProbeBetween(r, scaledUp.at, undefined), true),
        ]
      : [],
  ];
  const holds = (i: number) => checks[i]!.every((c) => c.status === 'holds');
  const steps: DrillStep[] = DRILL_STEPS.map((id, i) => ({ id, done: pressed[i]! && holds(i), checks: checks[i]! }));
  const complete = steps.every((s) => s.done);
  // A step is pressed once the one before it holds: the drill checks before it goes on.
  const firstUnpressed = pressed.indexOf(false);
  const next = firstUnpressed === 0 ? 'save' : firstUnpressed > 0 && steps[firstUnpressed - 1]!.done ? DRILL_STEPS[firstUnpressed]! : null;
  const current = firstUnpressed < 0 ? steps.length - 1 : firstUnpressed - 1;
  // The probe is wanted where a probe check is open, and for the last step only once the registration is back.
  const openProbe = current >= 0 && checks[current]!.some((c) => c.expect.startsWith('The probe') && c.status !== 'holds');
  const probeWanted = openProbe && (DRILL_STEPS[current] !== 'scale-up' || Boolean(registration?.entry && registration.owner && ready > 0));
  return { startedAt, steps, next: complete ? null : next, complete, probeWanted };
}
