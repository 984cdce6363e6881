import { formatTime, toDate, wholeSecond } from './time';

// The pod webhook's registration over time, as the recorder observed it, and the gaps in it: the times when a pod
// created in a covered namespace was admitted without Kyverno seeing it.

/** One recorded state of the registration; the recorder stores one whenever something here changes. */
export interface RegistrationObservation {
  at: string;
  /** The pod entry is registered (the configuration exists and holds the entry). */
  present: boolean;
  /** The configuration object's uid and creation time: a new uid means it was deleted and re-created. */
  uid: string | null;
  createdAt: string | null;
  failurePolicy: string | null;
  owner: string | null;
  /** Seen as it happened (a watch event), not found on a list after memdash was not watching. */
  live: boolean;
}

export interface RegistrationGap {
  /** Absent for certain from here: when memdash saw it go, or first found it gone. */
  from: string;
  /** It may have gone as early as this, while memdash was not watching; null when it was absent at memdash's first look. */
  since: string | null;
  /** When it came back (the re-created object's creation time where known), or null while it is still absent. */
  to: string | null;
  /**
   * When memdash saw it come back as it happened (a watch event): to the millisecond, where `to`, a creation time, is
   * to the second and so may read as earlier than a step taken in that same second. Absent when not seen live.
   */
  seenBack?: string;
}

export type RegistrationAt =
  | { state: 'before-history'; firstRecorded: string | null }
  | { state: 'present' }
  | { state: 'absent'; gap: RegistrationGap }
  | { state: 'maybe-absent'; gap: RegistrationGap };

/** The gaps in a list of observations sorted by time. */
export function registrationGaps(observations: readonly RegistrationObservation[]): RegistrationGap[] {
  const gaps: RegistrationGap[] = [];
  let open: RegistrationGap | null = null;
  let previous: RegistrationObservation | null = null;
  for (const o of observations) {
    if (!o.present && !open) {
      open = { from: o.at, since: previous ? (o.live ? o.at : previous.at) : null, to: null };
    } else if (o.present && open) {
      open.to = backAt(o, open.from);
      if (o.live) open.seenBack = o.at;
      gaps.push(open);
      open = null;
    } else if (o.present && previous?.present && previous.uid && o.uid && previous.uid !== o.uid) {
      // Deleted and re-created while memdash was not watching: gone at some time between the two observations.
      const to = backAt(o, previous.at);
      gaps.push({ from: to, since: previous.at, to });
    }
    previous = o;
  }
  if (open) gaps.push(open);
  return gaps;
}

// The re-created object's creation time is when it came back; the observation time when that is unknown or is
// before the gap began (the entry was re-added to an existing configuration).
function backAt(o: RegistrationObservation, gapFrom: string): string {
  const created = toDate(o.createdAt);
  const from = toDate(gapFrom);
  return created && from && created >= from ? o.createdAt! : o.at;
}

/** Whether the registration was there at `time`, as far as the observations tell. */
export function registrationAt(
  observations: readonly RegistrationObservation[],
  gaps: readonly RegistrationGap[],
  time: string | Date,
): RegistrationAt {
  const at = toDate(time);
  const first = observations[0];
  if (!at || !first) return { state: 'before-history', firstRecorded: first?.at ?? null };
  for (const gap of gaps) {
    // Whole seconds: a pod stamped in the second the entry went was created after it. Before it, in that second, no
    // covered pod could be created anyway: the break-glass deletes only once no replica runs, so creates are refused.
    const from = wholeSecond(toDate(gap.from)!);
    const to = toDate(gap.to);
    if (to && at >= to) continue;
    if (at >= from) return { state: 'absent', gap };
    const since = toDate(gap.since);
    if (!since || at > since) return gap.since === null && at < toDate(first.at)! ? beforeHistory(first) : { state: 'maybe-absent', gap };
  }
  return at < toDate(first.at)! ? beforeHistory(first) : { state: 'present' };
}

function beforeHistory(first: RegistrationObservation): RegistrationAt {
  return { state: 'before-history', firstRecorded: first.at };
}

/** One sentence per recorded change of the registration, oldest first, for the history page. */
export function registrationChanges(observations: readonly RegistrationObservation[]): Array<{ at: string; change: string }> {
  const changes: Array<{ at: string; change: string }> = [];
  let previous: RegistrationObservation | null = null;
  for (const o of observations) {
    const when = formatTime(toDate(o.at) ?? new Date(0));
    if (!previous) changes.push({ at: when, change: o.present ? `first seen present (${describe(o)})` : 'first seen absent' });
    else if (previous.present !== o.present) changes.push({ at: when, change: o.present ? `back (${describe(o)})` : 'gone' });
    else if (previous.uid !== o.uid) changes.push({ at: when, change: `re-created (${describe(o)})` });
    else if (previous.failurePolicy !== o.failurePolicy)
      changes.push({ at: when, change: `failurePolicy ${previous.failurePolicy ?? 'unset'} → ${o.failurePolicy ?? 'unset'}` });
    else if (previous.owner !== o.owner) changes.push({ at: when, change: `owner ${previous.owner ?? 'none'} → ${o.owner ?? 'none'}` });
    previous = o;
  }
  return changes;
}

function describe(o: RegistrationObservation): string {
  return `failurePolicy ${o.failurePolicy ?? 'unset'}, owner ${o.owner ?? 'none'}`;
}
