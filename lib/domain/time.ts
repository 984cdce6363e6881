// Kubernetes timestamps arrive as RFC 3339 strings from JSON and as Date objects from @kubernetes/client-node;
// everything in lib/domain compares them as Dates and writes them back in Kubernetes' own form.

/** A timestamp as a Date, or null when it is absent or not a time. */
export function toDate(time: string | Date | null | undefined): Date | null {
  if (time === null || time === undefined || time === '') return null;
  const date = time instanceof Date ? time : new Date(time);
  return Number.isNaN(date.getTime()) ? null : date;
}

// RFC 3339's date-time: a full date, a time to the second (fractions allowed) and a zone, Z or ±hh:mm.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * A time written as RFC 3339 with its zone, or null. Stricter than Date: no time without a zone (whose meaning
 * depends on the server), and no impossible date or time (Date reads 2026-11-31 as 1 December).
 */
export function parseRfc3339(text: string): Date | null {
  const match = RFC3339.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, , zone = ''] = match.map((m) => m ?? '');
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const realDay =
    calendar.getUTCFullYear() === Number(year) && calendar.getUTCMonth() === Number(month) - 1 && calendar.getUTCDate() === Number(day);
  const zoneOk = zone.toUpperCase() === 'Z' || (Number(zone.slice(1, 3)) < 24 && Number(zone.slice(4)) < 60);
  if (!realDay || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59 || !zoneOk) return null;
  return toDate(text);
}

/**
 * RFC 3339 in UTC to the second, as kubectl prints metadata times: the one form every page shows a time in. A time
 * with milliseconds (memdash's own clock) is cut to its second, never rounded up into a second not yet reached.
 */
export function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/**
 * A time from anywhere (RFC 3339 text or a Date) as sentences write it (formatTime), "unknown" when it is none. Pages
 * show the times in a sentence through <WithTimes>, in the reader's zone.
 */
export function showTime(time: string | Date | null | undefined): string {
  const date = toDate(time);
  return date ? formatTime(date) : 'unknown';
}

const readers = new Map<string, Intl.DateTimeFormat>();

function readerIn(zone: string): Intl.DateTimeFormat {
  let reader = readers.get(zone);
  if (!reader) {
    const wall = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
    reader = new Intl.DateTimeFormat('en-US', { ...wall, hourCycle: 'h23', timeZone: zone, timeZoneName: 'shortOffset' });
    readers.set(zone, reader);
  }
  return reader;
}

/**
 * A time as a person reads it, to the second, in UTC ("2026-12-03 10:34:05 UTC") or in the IANA zone `zone` with
 * its offset ("2026-12-03 11:34:05 UTC+1"): the date first, so times sort and compare as text. An unknown zone is UTC.
 */
export function readableTime(date: Date, zone = 'UTC'): string {
  if (zone === 'UTC') return `${formatTime(date).slice(0, 10)} ${formatTime(date).slice(11, 19)} UTC`;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = readerIn(zone).formatToParts(date);
  } catch {
    return readableTime(date);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace(/^GMT/, 'UTC');
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')} ${offset}`;
}

const UNITS: Array<[suffix: string, ms: number]> = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1_000],
];

/** A duration in its two largest units ("2d 4h", "35m 10s", "12s"): precise enough to read, short enough to scan. */
export function formatDuration(ms: number): string {
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(Math.abs(ms) / 1000) * 1000);
  for (const [suffix, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push(`${count}${suffix}`);
    if (parts.length === 2) break;
  }
  return parts.length === 0 ? '0s' : parts.filter((p, i) => i === 0 || !p.startsWith('0')).join(' ');
}

/**
 * The start of the second `time` falls in. A creationTimestamp has whole seconds, so a pod stamped second S was
 * created somewhere in [S, S+1): compared with a time of memdash's own (milliseconds), that time's second is what
 * counts, or a pod created in the same second just after it reads as created before it.
 */
export function wholeSecond(time: Date): Date {
  return new Date(Math.floor(time.getTime() / 1000) * 1000);
}

/** How long before `now` a time was ("3h 8m ago"), or how long after ("in 5m"): beside a time, never instead of it. */
export function ageOf(date: Date, now: Date): string {
  const ms = now.getTime() - date.getTime();
  return ms >= 0 ? `${formatDuration(ms)} ago` : `in ${formatDuration(-ms)}`;
}

/** RFC 3339 times inside a sentence (as lib/domain writes them), so a page can show each in the reader's zone. */
export const RFC3339_IN_TEXT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})/g;
