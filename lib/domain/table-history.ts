import type { TableData } from './table-diff';
import { toDate } from './time';

// The table's recorded versions and which one was in force at a given time. A version is in force from its
// `inForceFrom` until the next version's; before the first one, history does not reach.

export type VersionSource = 'watch' | 'import';

export interface TableVersion {
  id: number;
  /** From when Kyverno could have used it: the write time where known, else when memdash first saw it. */
  inForceFrom: string;
  /** When memdash first saw it (or imported it). */
  seenAt: string;
  data: TableData;
  source: VersionSource;
  /** For an import: the file it came from. */
  label: string | null;
}

/** What tableAt needs of a version: its time (the store can search summaries without loading every table). */
export interface VersionTime {
  inForceFrom: string;
}

export type TableAt<V extends VersionTime = TableVersion> =
  { known: true; version: V; next: V | null } | { known: false; firstRecorded: string | null };

/**
 * The version in force at `time`: the newest whose inForceFrom is not after it. Versions must be sorted by
 * inForceFrom (the store reads them so). A time in the same second as a write gets the older version, because
 * Kubernetes creation times are whole seconds and Kyverno sees a new table only once its watch delivers it.
 */
export function tableAt<V extends VersionTime>(versions: readonly V[], time: string | Date): TableAt<V> {
  const at = toDate(time);
  const first = versions[0];
  if (!at || !first) return { known: false, firstRecorded: first?.inForceFrom ?? null };
  let lo = 0;
  let hi = versions.length - 1;
  let found = -1;
  // Binary search: a table recorded every night for years is a few thousand versions.
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const from = toDate(versions[mid]?.inForceFrom);
    if (from && wholeSecond(from) < at.getTime()) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const version = versions[found];
  if (!version) return { known: false, firstRecorded: first.inForceFrom };
  return { known: true, version, next: versions[found + 1] ?? null };
}

function wholeSecond(date: Date): number {
  return Math.floor(date.getTime() / 1000) * 1000;
}

/** What the recorder knows of a change it saw: when, and the data's last write time from managedFields. */
export interface SeenChange {
  seenAt: string;
  /** The newest managedFields time of an entry owning f:data; null when none owns it. */
  writtenAt: string | null;
}

/**
 * When a newly seen version took effect, given when the version in force before it did (null: none recorded yet).
 * managedFields keeps one time per manager, moved only when that manager's own fields change: a write that only
 * removes rows, or writes again rows its manager already holds as they are, leaves the newest time where an earlier
 * write put it. So the write time counts only when it is newer than the version in force and not after the sighting
 * (exact to the second even when memdash read it late); otherwise the sighting does. Never before the version in
 * force: versions take effect in the order they were written.
 */
export function inForceFrom(change: SeenChange, inForce: string | null): string {
  const written = toDate(change.writtenAt);
  const seen = toDate(change.seenAt);
  const before = toDate(inForce);
  if (!seen) throw new Error(`not a time: ${change.seenAt}`);
  if (written && written <= seen && (!before || written > before)) return change.writtenAt!;
  return before && seen < before ? inForce! : change.seenAt;
}

/**
 * The in-force times of versions listed in the order they were written (the recorder's order): each from
 * inForceFrom against the one before it.
 */
export function inForceTimes(changes: readonly SeenChange[]): string[] {
  const times: string[] = [];
  for (const change of changes) times.push(inForceFrom(change, times.at(-1) ?? null));
  return times;
}

/**
 * The versions a verdict may take as "in force": every recorded one, and an import only from before the first recorded
 * version. An import is a file anyone may upload dated as they like; it fills the time before memdash watched, and
 * never outranks what the recorder saw (an import dated between two recorded versions is listed, not used).
 */
export function recordedFirst<V extends VersionTime & { source: VersionSource }>(versions: readonly V[]): V[] {
  const firstRecorded = versions.find((v) => v.source === 'watch');
  const since = toDate(firstRecorded?.inForceFrom);
  if (!since) return [...versions];
  return versions.filter((v) => v.source === 'watch' || (toDate(v.inForceFrom) ?? since) < since);
}

/** A write known from outside the table (a run of the snapshot): when it ran, and the rows it says it wrote. */
export interface KnownWrite {
  startedAt: string;
  /** When it ended; null while it is not known. */
  endedAt: string | null;
  rows: number;
}

// How long after a write's end the recorder may still be delivering it: a watch's lag, not a missed write.
const SEEN_AFTER_END_MS = 60_000;
// A pod's start time is in whole seconds: a version seen within that second may be an edit made just before the run
// (the table it read), and the job cannot write in its first second (it reads the table and Prometheus first).
const FIRST_SECOND_MS = 1000;

/**
 * The version a write made and the version with rows in force before it (after an override, the one just before is
 * the emptied table): the first recorded version seen while it ran with the rows it wrote. Versions in the order
 * they are in force (the store lists them so). Null when the recorder saw none: not yet, or the write changed nothing.
 */
export function versionsAroundWrite<V extends { seenAt: string; rows: number; source: VersionSource }>(
  versions: readonly V[],
  write: KnownWrite,
): { before: V; written: V } | null {
  const started = toDate(write.startedAt);
  const ended = toDate(write.endedAt);
  if (!started) return null;
  const recorded = versions.filter((v) => v.source === 'watch');
  const at = recorded.findIndex((v) => {
    const seen = toDate(v.seenAt);
    return (
      seen &&
      seen.getTime() >= wholeSecond(started) + FIRST_SECOND_MS &&
      (!ended || seen.getTime() <= ended.getTime() + SEEN_AFTER_END_MS) &&
      v.rows === write.rows
    );
  });
  const before = recorded
    .slice(0, Math.max(at, 0))
    .filter((v) => v.rows > 0)
    .at(-1);
  return at >= 0 && before ? { before, written: recorded[at]! } : null;
}
