import { formatMemory, MiB } from './quantity';

// The workload chart's axes: a memory axis from zero that reaches above every line drawn (the limit included) with
// round ticks, and day ticks at UTC midnights evenly spaced. Round means a power of two in Mi below 1Gi and a
// whole or half Gi above, so the eye can read a line's height off the axis.

const GiB = 1024 * MiB;
const MEMORY_STEPS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512].map((n) => n * MiB).concat([1, 2, 4, 8, 16, 32, 64, 128].map((n) => n * GiB));

export interface MemoryAxis {
  top: number;
  ticks: number[];
}

/** Ticks from 0 to a top at or above `highest` (with a little headroom), at most `maxTicks` intervals. */
export function memoryAxis(highest: number, maxTicks = 6): MemoryAxis {
  const needed = Math.max(highest * 1.05, MiB);
  const step = MEMORY_STEPS.find((s) => Math.ceil(needed / s) <= maxTicks) ?? MEMORY_STEPS.at(-1)!;
  const count = Math.ceil(needed / step);
  return { top: count * step, ticks: Array.from({ length: count + 1 }, (_, i) => i * step) };
}

/** A tick's label, in the unit of every other memory size on the page. */
export function memoryTick(bytes: number): string {
  return formatMemory(bytes);
}

const DAY = 86_400;

/** UTC midnights between start and end (unix seconds), every 1, 2, 7 or 14 days so that at most `maxTicks` show. */
export function dayTicks(start: number, end: number, maxTicks = 8): number[] {
  const days = (end - start) / DAY;
  const every = [1, 2, 7, 14].find((n) => days / n <= maxTicks) ?? 28;
  const first = Math.ceil(start / DAY) * DAY;
  const ticks: number[] = [];
  // Weekly ticks fall on the same weekday from the first midnight, so the spacing is even.
  for (let t = first; t <= end; t += every * DAY) ticks.push(t);
  return ticks;
}

/** A day tick's label, "11-03" (month-day, UTC). */
export function dayTick(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(5, 10);
}

const HOURS_EVERY = 3 * 3600;

/** The time axis' ticks: whole UTC hours every three on a chart of two days or less, else day ticks. */
export function timeTicks(start: number, end: number): number[] {
  if (end - start > 2 * DAY) return dayTicks(start, end);
  const ticks: number[] = [];
  for (let t = Math.ceil(start / HOURS_EVERY) * HOURS_EVERY; t <= end; t += HOURS_EVERY) ticks.push(t);
  return ticks;
}

/** A time tick's label: "09:00" (UTC) on a chart of hours, the day (dayTick) on one of days. */
export function timeTick(seconds: number, spanSeconds: number): string {
  if (spanSeconds > 2 * DAY) return dayTick(seconds);
  return new Date(seconds * 1000).toISOString().slice(11, 16);
}
