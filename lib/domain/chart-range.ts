// The time range a workload's chart shows (24 h, 7 d, 28 d: ?range= on its page) and how finely it draws it. The
// samples stay at the snapshot's step, so what the chart shows is what the job pools; only the bucket of a point
// follows the range, so a day is drawn sample by sample and 28 days an hour a point, each in a bounded count.

export const CHART_RANGES = ['24h', '7d', '28d'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

const HOUR = 3600;
const DAY = 86_400;

export const RANGE_SECONDS: Record<ChartRange, number> = { '24h': DAY, '7d': 7 * DAY, '28d': 28 * DAY };

/** The most points a chart draws per pod: the browser lays out a few hundred at once. */
export const MAX_CHART_POINTS = 700;

// Buckets a reader names: five minutes (the job's step), a quarter, half an hour, an hour, then whole hours.
const BUCKETS = [300, 900, 1800, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY];

/** The bucket of a point: the finest of BUCKETS not finer than the samples' step that keeps the points bounded. */
export function bucketFor(seconds: number, stepSeconds: number): number {
  return BUCKETS.find((b) => b >= stepSeconds && seconds / b <= MAX_CHART_POINTS) ?? Math.max(DAY, stepSeconds);
}

/** A span in the words of the chart's sentence and caption: "24 hours" below two days, else "7 days". */
export function spanWords(seconds: number): string {
  if (seconds < 2 * DAY) {
    const hours = Math.round(seconds / HOUR);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  return `${Math.round(seconds / DAY)} days`;
}

/** A bucket in the caption's words: "5-minute", "hourly", "3-hour". */
export function bucketWords(seconds: number): string {
  if (seconds === HOUR) return 'hourly';
  if (seconds === DAY) return 'daily';
  return seconds < HOUR ? `${Math.round(seconds / 60)}-minute` : `${Math.round(seconds / HOUR)}-hour`;
}

/** The range a span is, when it is one of the switch's (the snapshot's window of 28 days is "28d"). */
export function rangeOfSeconds(seconds: number): ChartRange | null {
  return CHART_RANGES.find((r) => RANGE_SECONDS[r] === seconds) ?? null;
}
