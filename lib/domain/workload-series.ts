import { MiB } from './quantity';
import { MiBCounts, p90Mi, p90OfCounts } from './snapshot';
import type { TableVersion } from './table-history';
import { toDate } from './time';

// What a workload's chart shows, built from Prometheus samples and the table's history: the working set per pod,
// the pooled p90 the snapshot job would write, the row over time as a step line, and the share of time above the
// request. The samples' pods are mostly gone, so the workload is read from the pod's name, as the job does
// (snapshot.ts holds that rule and the p90).

/** One series of container_memory_working_set_bytes: [unix seconds, bytes] pairs in time order. */
export interface SampleSeries {
  pod: string;
  container: string;
  values: Array<[number, number]>;
}

/** Every sample of every pod of the workload for one container, pooled as the job pools them. */
export function pooledValues(series: readonly SampleSeries[], container: string): number[] {
  const values: number[] = [];
  for (const s of series) if (s.container === container) for (const [, v] of s.values) values.push(v);
  return values;
}

/** One container's working set over the window: its newest sample and the p90 the job would compute from it. */
export interface WorkingSet {
  latest: { at: number; bytes: number } | null;
  p90Mi: number | null;
  samples: number;
}

/**
 * The working set over the window with a newer read's sample as its latest (an instant query made after the window
 * was read): the window's p90 and count stay; an older or absent sample leaves the window's own latest.
 */
export function withNewerLatest(set: WorkingSet | undefined, latest: WorkingSet['latest'] | undefined): WorkingSet {
  const window = set ?? { latest: null, p90Mi: null, samples: 0 };
  if (!latest || (window.latest !== null && window.latest.at >= latest.at)) return window;
  return { ...window, latest };
}

/** A container's working set from its series (one pod's, or a workload's pooled): the newest sample and the p90. */
export function workingSetOf(series: readonly SampleSeries[], container: string): WorkingSet {
  let latest: WorkingSet['latest'] = null;
  for (const s of series) {
    if (s.container !== container) continue;
    const last = s.values.at(-1);
    if (last && (latest === null || last[0] > latest.at)) latest = { at: last[0], bytes: last[1] };
  }
  const values = pooledValues(series, container);
  return { latest, p90Mi: p90Mi(values), samples: values.length };
}

/**
 * workingSetOf, fed series by series as the byte parser hands them on (its values are valid only during `add`, so
 * nothing is kept of them but the MiB counts): the same newest sample, p90 and count, without the samples as text.
 */
export class WorkingSetTally {
  private readonly byContainer = new Map<string, { pooled: MiBCounts; samples: number; latest: WorkingSet['latest'] }>();

  /** One series of `container`'s samples in bytes, `last` its last sample's time (Unix seconds). */
  add(container: string, values: ArrayLike<number>, last: number): void {
    if (values.length === 0) return;
    let row = this.byContainer.get(container);
    if (!row) this.byContainer.set(container, (row = { pooled: new MiBCounts(), samples: 0, latest: null }));
    if (row.latest === null || last > row.latest.at) row.latest = { at: last, bytes: values[values.length - 1]! };
    for (let i = 0; i < values.length; i++) row.pooled.add(Math.ceil(values[i]! / MiB));
    row.samples += values.length;
  }

  containers(): string[] {
    return [...this.byContainer.keys()];
  }

  workingSet(container: string): WorkingSet {
    const row = this.byContainer.get(container);
    if (!row) return { latest: null, p90Mi: null, samples: 0 };
    return { latest: row.latest, p90Mi: p90OfCounts(row.pooled.counts()), samples: row.samples };
  }
}

/** The share (0–1) of samples above `bytes`, or null without samples or without a request to compare. */
export function shareAbove(values: readonly number[], bytes: number | null): number | null {
  if (values.length === 0 || bytes === null) return null;
  let above = 0;
  for (const v of values) if (v > bytes) above++;
  return above / values.length;
}

export interface RowStep {
  /** Unix seconds from which this value held. */
  t: number;
  /** The row's bytes from then on; null while the table had no such row (or no data). */
  bytes: number | null;
}

/** The row `key` over the recorded versions, one step per change, starting at `fromSeconds`. */
export function rowSteps(versions: readonly TableVersion[], key: string, fromSeconds: number): RowStep[] {
  const steps: RowStep[] = [];
  let current: number | null | undefined;
  for (const version of versions) {
    const at = toDate(version.inForceFrom);
    if (!at) continue;
    const value = version.data?.[key];
    const bytes = value !== undefined && /^\d+Mi$/.test(value) ? Number(value.slice(0, -2)) * MiB : null;
    const t = Math.max(Math.floor(at.getTime() / 1000), fromSeconds);
    if (bytes === current) continue;
    // Versions before the chart's start collapse into the step it starts with.
    if (steps.length > 0 && steps[steps.length - 1]!.t === t) steps[steps.length - 1] = { t, bytes };
    else steps.push({ t, bytes });
    current = bytes;
  }
  return steps;
}

/** One point of the chart: a time, the highest working set of each pod in the bucket, and the row in force. */
export type ChartPoint = { t: number; row: number | null } & Record<string, number | null>;

/**
 * The chart's points for one container: samples bucketed to `bucketSeconds` (each pod's highest value in the
 * bucket, so a short peak stays visible), with the row's step value at each bucket. 28 days at a 300 s step is
 * 8,064 samples per pod; an hour's bucket brings that to 672 points, which the browser draws at once. A bucket
 * that begins before `fromSeconds` (the range's start) is dated from it, so no point lies before the range.
 */
export function chartPoints(
  series: readonly SampleSeries[],
  container: string,
  steps: readonly RowStep[],
  bucketSeconds: number,
  fromSeconds = -Infinity,
): ChartPoint[] {
  const buckets = new Map<number, ChartPoint>();
  for (const s of series) {
    if (s.container !== container) continue;
    for (const [t, v] of s.values) {
      const bucket = Math.max(Math.floor(t / bucketSeconds) * bucketSeconds, fromSeconds);
      let point = buckets.get(bucket);
      if (!point) buckets.set(bucket, (point = { t: bucket, row: null } as ChartPoint));
      const old = point[s.pod];
      if (old === undefined || old === null || v > old) point[s.pod] = v;
    }
  }
  for (const step of steps) if (!buckets.has(step.t)) buckets.set(step.t, { t: step.t, row: null } as ChartPoint);
  const points = [...buckets.values()].sort((a, b) => a.t - b.t);
  let i = -1;
  for (const point of points) {
    while (i + 1 < steps.length && steps[i + 1]!.t <= point.t) i++;
    point.row = i >= 0 ? steps[i]!.bytes : null;
  }
  return points;
}

/** The pods seen for one container, in order of their first sample (older pods first in the legend). */
export function podsOf(series: readonly SampleSeries[], container: string): string[] {
  return series
    .filter((s) => s.container === container && s.values.length > 0)
    .sort((a, b) => a.values[0]![0] - b.values[0]![0])
    .map((s) => s.pod);
}

/** A recorded version that changed one row: when (unix seconds), which version, and the row's new value. */
export interface RowWrite {
  t: number;
  version: number;
  /** The row as that version wrote it ("256Mi"), null when it took the row away (or the table's data). */
  value: string | null;
}

/**
 * The versions that changed the row `key` within [fromSeconds, toSeconds], the chart's marks of the table's writes.
 * The first version recorded is no change: what the row was before it, history does not know.
 */
export function rowWrites(versions: readonly TableVersion[], key: string, fromSeconds: number, toSeconds: number): RowWrite[] {
  const writes: RowWrite[] = [];
  let before: string | null | undefined;
  for (const version of versions) {
    const at = toDate(version.inForceFrom);
    if (!at) continue;
    const value = version.data?.[key] ?? null;
    const t = Math.floor(at.getTime() / 1000);
    if (before !== undefined && value !== before && t >= fromSeconds && t <= toSeconds) writes.push({ t, version: version.id, value });
    before = value;
  }
  return writes;
}

/** The samples of `series` from `fromSeconds` on: a shorter range's part of the window's samples. */
export function seriesFrom(series: readonly SampleSeries[], fromSeconds: number): SampleSeries[] {
  // A series that starts within the range is kept as it is: the window's own range copies nothing.
  return series
    .map((s) =>
      s.values[0] === undefined || s.values[0][0] >= fromSeconds ? s : { ...s, values: s.values.filter(([t]) => t >= fromSeconds) },
    )
    .filter((s) => s.values.length > 0);
}
