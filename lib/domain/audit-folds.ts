import { formatTime } from './time';

// Refusals anyone can cause as fast as they like (a bearer the cluster does not accept) would push real writes' audit
// records out of the log. The repeats of one kind from one client within a window fold into the window's first
// record, which then says how many there were. Pure: the time is given, and at most a bounded number of keys is held.

/** How long a client's repeated refusals of one kind fold into one record. */
export const FOLD_WINDOW_MS = 60_000;

interface Window<T> {
  into: T;
  count: number;
  firstAt: number;
  lastAt: number;
}

/** What to do with one refusal: open its record, or fold it into the record `into` as the `count`-th. */
export type Fold<T> = { first: true; into: T } | { first: false; into: T; count: number; firstAt: number; lastAt: number };

export class RepeatFolds<T> {
  /** In the order they were opened: the first is the oldest. */
  private readonly windows = new Map<string, Window<T>>();

  constructor(
    private readonly windowMs = FOLD_WINDOW_MS,
    private readonly maxKeys = 10_000,
  ) {}

  /** Notes one refusal of `key` at `now` (ms); `open` makes the record a new window folds into. */
  note(key: string, now: number, open: () => T): Fold<T> {
    const window = this.windows.get(key);
    if (window && now - window.firstAt < this.windowMs) {
      window.count += 1;
      window.lastAt = Math.max(window.lastAt, now);
      return { first: false, into: window.into, count: window.count, firstAt: window.firstAt, lastAt: window.lastAt };
    }
    this.windows.delete(key);
    const into = open();
    this.windows.set(key, { into, count: 1, firstAt: now, lastAt: now });
    // the oldest window is forgotten first: it is the nearest to its end
    if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    return { first: true, into };
  }
}

/** A folded record's detail: how many, over what time, then the first refusal's words. */
export function foldedDetail(detail: string | null, count: number, firstAt: number, lastAt: number): string {
  const span = `from ${formatTime(new Date(firstAt))} to ${formatTime(new Date(lastAt))}`;
  return `Refused ${count} times from this client ${span}${detail ? `: ${detail}` : ''}`;
}
