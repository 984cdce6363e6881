// A CronJob's next run, from its schedule and time zone, as the CronJob controller reads them: five fields (minute
// hour day-of-month month day-of-week) in the zone's wall-clock time. Pure: the caller passes `now`.

export interface CronSpec {
  schedule: string;
  timeZone?: string | null;
  suspend?: boolean | null;
}

export type NextRun =
  { kind: 'suspended' } | { kind: 'invalid'; reason: string } | { kind: 'next'; at: Date; local: string; timeZone: string };

interface Fields {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  daysRestricted: boolean;
  weekdaysRestricted: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

function value(text: string, names: string[], offset: number): number {
  const named = names.indexOf(text.toLowerCase());
  if (named >= 0) return named + offset;
  if (!/^\d+$/.test(text)) throw new Error(`"${text}" is not a number`);
  return Number(text);
}

function field(text: string, min: number, max: number, names: string[] = []): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : value(stepText, [], 0);
    let [low, high] = [min, max];
    if (range !== '*' && range !== '?') {
      const [a = '', b] = range.split('-');
      low = value(a, names, min);
      high = b === undefined ? (stepText === undefined ? low : max) : value(b, names, min);
    }
    if (step < 1 || low < min || high > max || low > high) throw new Error(`"${part}" is out of ${min}-${max}`);
    for (let v = low; v <= high; v += step) out.add(v);
  }
  return out;
}

function parse(schedule: string): Fields {
  const expanded = MACROS[schedule.trim().toLowerCase()] ?? schedule;
  const parts = expanded.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`a schedule has 5 fields, this has ${parts.length}`);
  const [m = '', h = '', dom = '', mon = '', dow = ''] = parts;
  const weekdays = field(dow, 0, 7, WEEKDAYS);
  if (weekdays.has(7)) weekdays.add(0); // 7 is Sunday too
  return {
    minutes: field(m, 0, 59),
    hours: field(h, 0, 23),
    days: field(dom, 1, 31),
    months: field(mon, 1, 12, MONTHS),
    weekdays,
    daysRestricted: !dom.startsWith('*') && dom !== '?',
    weekdaysRestricted: !dow.startsWith('*') && dow !== '?',
  };
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallAt(instant: number, timeZone: string): Wall {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

const asUtc = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
const sameWall = (a: Wall, b: Wall) => asUtc(a) === asUtc(b);

/**
 * The instants whose wall-clock time in the zone is `wall`: none in a spring-forward gap, two in the repeated hour
 * of a fall-back, else one. Offsets change by at most a day's worth, so the candidates lie within a day of it.
 */
function instantsOf(wall: Wall, timeZone: string): number[] {
  const naive = asUtc(wall);
  const found = new Set<number>();
  for (const probe of [naive - 86_400_000, naive, naive + 86_400_000]) {
    const offset = asUtc(wallAt(probe, timeZone)) - Math.floor(probe / 60_000) * 60_000;
    const candidate = naive - offset;
    if (sameWall(wallAt(candidate, timeZone), wall)) found.add(candidate);
  }
  return [...found].sort((a, b) => a - b);
}

function dayMatches(f: Fields, year: number, month: number, day: number): boolean {
  if (!f.months.has(month)) return false;
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const byDay = f.days.has(day);
  const byWeekday = f.weekdays.has(weekday);
  // cron's rule: when both day fields are restricted, either one matching is enough.
  if (f.daysRestricted && f.weekdaysRestricted) return byDay || byWeekday;
  return byDay && byWeekday;
}

function localText(instant: number, timeZone: string): string {
  const w = wallAt(instant, timeZone);
  const zone = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')?.value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)} ${zone ?? timeZone}`;
}

// Eight years covers the rarest schedule that can run (29 February on a given weekday is still OR'd).
const SEARCH_DAYS = 366 * 8;

/**
 * The first run strictly after `now`. A wall time that a spring-forward skips does not run that day; one that a
 * fall-back repeats runs once, at its first occurrence, as the CronJob controller does.
 */
export function nextRun(spec: CronSpec, now: Date): NextRun {
  if (spec.suspend) return { kind: 'suspended' };
  const timeZone = spec.timeZone || 'UTC';
  let fields: Fields;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    fields = parse(spec.schedule);
  } catch (error) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : 'unreadable schedule' };
  }
  const start = wallAt(now.getTime(), timeZone);
  const hours = [...fields.hours].sort((a, b) => a - b);
  const minutes = [...fields.minutes].sort((a, b) => a - b);
  for (let d = 0; d < SEARCH_DAYS; d++) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + d));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (!dayMatches(fields, year, month, day)) continue;
    for (const hour of hours) {
      for (const minute of minutes) {
        const first = instantsOf({ year, month, day, hour, minute }, timeZone)[0];
        if (first !== undefined && first > now.getTime()) {
          return { kind: 'next', at: new Date(first), local: localText(first, timeZone), timeZone };
        }
      }
    }
  }
  return { kind: 'invalid', reason: 'the schedule never runs' };
}
