// A log followed by reading only its last seconds each time (`sinceSeconds` with `timestamps=true`), never whole:
// the window is taken a little wider than the time since the last read, and the lines already taken are told apart by
// their timestamps. Pure: it only reads the text the API server answered.

/** Where a followed log was left: the newest timestamp taken, and how many lines with exactly it were taken. */
export interface LogMark {
  at: bigint;
  taken: number;
}

// RFC 3339 with up to nanoseconds, as the kubelet writes it before each line with timestamps=true
const STAMPED = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d) (.*)$/;

/** A stamped line's time in nanoseconds since the epoch and its text, or null when it carries no timestamp. */
export function stampedLine(line: string): { at: bigint; text: string } | null {
  const match = STAMPED.exec(line);
  if (!match) return null;
  const seconds = Date.parse(`${match[1]}${match[3]}`);
  if (Number.isNaN(seconds)) return null;
  return { at: BigInt(seconds) * 1_000_000n + BigInt((match[2] ?? '').padEnd(9, '0')), text: match[4]! };
}

/**
 * The whole lines of `stamped` (a log read with timestamps) not taken before `mark`, without their timestamps, and
 * the mark after them. A line without a timestamp goes with the line before it; a last line without its newline is
 * left for the next read.
 */
export function newLines(stamped: string, mark: LogMark | null): { lines: string[]; mark: LogMark | null } {
  const whole = stamped.split('\n');
  whole.pop(); // empty after the last newline, or a line still being written
  let at = mark?.at ?? -1n;
  let taken = mark?.taken ?? 0;
  let seenAtMark = 0;
  const lines: string[] = [];
  let lineAt = -1n;
  for (const line of whole) {
    const parsed = stampedLine(line);
    lineAt = parsed?.at ?? lineAt;
    const text = parsed ? parsed.text : line;
    if (mark && lineAt < mark.at) continue;
    if (mark && lineAt === mark.at && ++seenAtMark <= mark.taken) continue;
    lines.push(text);
    if (lineAt === at) taken++;
    else {
      at = lineAt;
      taken = 1;
    }
  }
  return { lines, mark: lines.length > 0 || mark ? { at, taken } : null };
}

/** The window to read next: the seconds since the last read began, and a margin for the call's own time. */
export function sinceSecondsAfter(msSinceLastRead: number): number {
  return Math.ceil(msSinceLastRead / 1000) + 5;
}
