import { MiB } from './quantity';
import { RowConfidenceTally, type RowConfidence } from './row-confidence';
import { rowKey } from './table';

// The snapshot job's algorithm (runbook, "The snapshot"), fed one series at a time so the preview never holds 28
// days of samples: every pod of a workload pooled per container, the nearest-rank p90 in whole MiB rounded up, rows
// <namespace>_<workload>_<container>, and the guard that leaves the table as it is. Past pods are gone from the
// cluster, so the workload comes from the pod's name, as the job reads it.

export const SNAPSHOT_QUANTILE = 0.9;

// The names controllers give pods, in Kubernetes' safe alphabet, in the job's order. The job's Python patterns
// differ from JavaScript's in two places this copies: `.` there matches \r and U+2028/9 (only \n is excluded), and
// `$` also matches before a final newline.
const SAFE = '[bcdfghjklmnpqrstvwxz2456789]';
const POD_NAME_PATTERNS = [
  new RegExp(`^([^\\n]+)-[0-9]+-${SAFE}{5}\\n?$`), // Job pods (CronJob runs, <job>-<build>), Jenkins agents
  new RegExp(`^([^\\n]+)-${SAFE}{6,10}-${SAFE}{5}\\n?$`), // ReplicaSet pods
  /^([^\n]+)-[0-9]+\n?$/, // StatefulSet and CloudNativePG instances
  new RegExp(`^([^\\n]+)-${SAFE}{5}\\n?$`), // DaemonSet pods
];

/** The workload a pod's name says it belongs to, as the snapshot job reads it; null for any other name. */
export function workloadFromPodName(pod: string): string | null {
  for (const pattern of POD_NAME_PATTERNS) {
    const match = pattern.exec(pod);
    if (match?.[1]) return match[1];
  }
  return null;
}

/**
 * The job's p90 of samples already reduced to whole MiB (ceil(bytes / MiB) is monotone, so the rank-th of the
 * rounded values is the rounded rank-th value): nearest rank, no interpolation. `counts` maps MiB → samples.
 * Weighted quickselect over the distinct values, so it costs what the distinct values do, not the samples.
 */
export function p90OfCounts(counts: ReadonlyMap<number, number>): number | null {
  const values: number[] = [];
  const weights: number[] = [];
  let total = 0;
  for (const [value, weight] of counts) {
    values.push(value);
    weights.push(weight);
    total += weight;
  }
  if (total === 0) return null;
  return selectWeighted(values, weights, Math.max(1, Math.ceil(SNAPSHOT_QUANTILE * total)));
}

/** The value at 1-based `rank` when each values[i] is counted weights[i] times; the arrays are reordered. */
function selectWeighted(values: number[], weights: number[], rank: number): number {
  let lo = 0;
  let hi = values.length - 1;
  let wanted = rank;
  for (;;) {
    const pivot = values[(lo + hi) >>> 1]!;
    // Three-way partition of [lo, hi]: below pivot, equal, above.
    let lt = lo;
    let gt = hi;
    let i = lo;
    while (i <= gt) {
      const v = values[i]!;
      if (v < pivot) swap(values, weights, lt++, i++);
      else if (v > pivot) swap(values, weights, i, gt--);
      else i++;
    }
    let below = 0;
    for (let k = lo; k < lt; k++) below += weights[k]!;
    let equal = 0;
    for (let k = lt; k <= gt; k++) equal += weights[k]!;
    if (wanted <= below) hi = lt - 1;
    else if (wanted <= below + equal) return pivot;
    else {
      wanted -= below + equal;
      lo = gt + 1;
    }
  }
}

function swap(values: number[], weights: number[], a: number, b: number): void {
  const v = values[a]!;
  values[a] = values[b]!;
  values[b] = v;
  const w = weights[a]!;
  weights[a] = weights[b]!;
  weights[b] = w;
}

/** The job's p90 of raw samples in bytes: nearest rank, in whole MiB rounded up; null without samples. */
export function p90Mi(values: readonly number[]): number | null {
  const counts = new Map<number, number>();
  for (const v of values) {
    const mib = Math.ceil(v / MiB);
    counts.set(mib, (counts.get(mib) ?? 0) + 1);
  }
  return p90OfCounts(counts);
}

// A row's samples span a few hundred MiB at most in practice; a range wider than this is counted in a Map instead.
const MAX_DENSE_MIB = 1 << 20;

/**
 * How many samples of a row fall on each whole MiB: a dense array over the range seen (a working set moves within a
 * few hundred MiB, so this is a few KB per row and one increment per sample), a Map for what lies outside it.
 */
export class MiBCounts {
  private base = 0;
  private dense: Uint32Array | null = null;
  private readonly sparse = new Map<number, number>();

  add(mib: number): void {
    let dense = this.dense;
    if (dense === null) {
      if (!Number.isFinite(mib)) return this.addSparse(mib);
      this.base = mib - 32;
      dense = this.dense = new Uint32Array(128);
    }
    const k = mib - this.base;
    if (k >= 0 && k < dense.length) {
      dense[k]!++;
      return;
    }
    if (!Number.isFinite(mib) || !this.grow(mib)) return this.addSparse(mib);
    this.dense![mib - this.base]!++;
  }

  private addSparse(mib: number, samples = 1): void {
    this.sparse.set(mib, (this.sparse.get(mib) ?? 0) + samples);
  }

  /** Adds every count of `other`: a pod's counts to its row's, once per distinct MiB rather than once per sample. */
  addAll(other: MiBCounts): void {
    for (const [mib, samples] of other.counts()) {
      if (samples === 1) this.add(mib);
      else this.addMany(mib, samples);
    }
  }

  private addMany(mib: number, samples: number): void {
    this.add(mib); // places mib (growing the range, or in the Map) as one sample does
    const k = mib - this.base;
    if (this.dense !== null && Number.isFinite(mib) && k >= 0 && k < this.dense.length) this.dense[k]! += samples - 1;
    else this.addSparse(mib, samples - 1);
  }

  // Doubles the range towards `mib`; false when that would be wider than MAX_DENSE_MIB.
  private grow(mib: number): boolean {
    const old = this.dense!;
    const low = Math.min(this.base, mib);
    const high = Math.max(this.base + old.length, mib + 1);
    const size = Math.max(old.length * 2, high - low + 32);
    if (size > MAX_DENSE_MIB) return false;
    const base = mib < this.base ? high - size : low;
    const dense = new Uint32Array(size);
    dense.set(old, this.base - base);
    this.base = base;
    this.dense = dense;
    return true;
  }

  /** Whole MiB → samples, for p90OfCounts. */
  counts(): Map<number, number> {
    const all = new Map(this.sparse);
    const dense = this.dense;
    if (dense) for (let k = 0; k < dense.length; k++) if (dense[k]! > 0) all.set(this.base + k, (all.get(this.base + k) ?? 0) + dense[k]!);
    return all;
  }
}

/** How far the reading of the samples has come. */
export interface SampleProgress {
  /** From Prometheus's series listing; the answers may hold a few more or fewer. */
  seriesTotal: number;
  seriesRead: number;
  samplesRead: number;
  workloadsTotal: number;
  workloadsDone: number;
  batchesTotal: number;
  batchesDone: number;
}

/** One series as Prometheus labels it, with its sample values in bytes (times do not matter to the p90). */
export interface SnapshotSeries {
  metric: Readonly<Record<string, string>>;
  values: ArrayLike<number>;
  /** Its first and last sample's times (Unix seconds): how many days a row rests on. */
  first?: number;
  last?: number;
}

/** Where the job itself would end in a traceback instead of writing or refusing: the preview cannot predict rows. */
export interface SnapshotCrash {
  row: string | null;
  reason: string;
}

/**
 * The job's pooling, one series at a time: each sample is kept only as its whole-MiB count per row, which is all the
 * p90 needs, so memory grows with rows × distinct MiB values, not with samples.
 */
export class SnapshotPool {
  private readonly tallies = new Map<string, RowConfidenceTally>();
  // rows settled before the end: their p90 (null without a sample; infinite is a crash, named in key order by rows())
  private readonly settled = new Map<string, { p90: number | null; confidence: RowConfidence | null }>();
  private crashed: SnapshotCrash | null = null;
  series = 0;
  samples = 0;

  /** Pools one series; returns its row key, or null when its pod's name gives no workload (the job skips it). */
  add(series: SnapshotSeries): string | null {
    const pod = series.metric.pod ?? '';
    const workload = workloadFromPodName(pod);
    if (workload === null) return null;
    const { namespace, container } = series.metric;
    // The job reads these two labels by key: a series without one ends the run with a KeyError.
    if (namespace === undefined || container === undefined) {
      this.crashed ??= {
        row: null,
        reason: `series of pod ${pod} has no ${namespace === undefined ? 'namespace' : 'container'} label (the job stops on a KeyError)`,
      };
      return null;
    }
    const key = rowKey(namespace, workload, container);
    if (this.settled.has(key)) throw new Error(`row ${key} was settled before all its series came`);
    let tally = this.tallies.get(key);
    if (!tally) this.tallies.set(key, (tally = new RowConfidenceTally()));
    const { values } = series;
    // the tally counts each sample once, for the pod's own p90 and the row's pool alike
    const nans = tally.add(pod, values, series.first ?? NaN, series.last ?? NaN);
    if (nans > 0) {
      // Python sorts NaN nowhere in particular, so which sample lands at the p90's rank cannot be told.
      this.crashed ??= {
        row: key,
        reason: `pod ${pod}, container ${container} has a NaN sample: the job's sort, and so its p90, is undefined`,
      };
    }
    this.series++;
    this.samples += values.length;
    return key;
  }

  get crash(): SnapshotCrash | null {
    return this.crashed;
  }

  /**
   * Takes the p90 and figures of rows no later series will add to (a batch of the preview read whole: each row's
   * series are in one batch) and drops their counts: what the pool holds is then the rows still being read, not
   * every row of the cluster (20,000 at --scale 50000).
   */
  settle(keys: Iterable<string>): void {
    for (const key of keys) {
      const tally = this.tallies.get(key);
      if (!tally) continue;
      this.tallies.delete(key);
      this.settled.set(key, settledRow(tally));
    }
  }

  /** The rows the job would write, keys sorted, and how sure each is; or the crash that would stop it. */
  rows(): { rows: Record<string, string>; confidence: Record<string, RowConfidence>; crash: SnapshotCrash | null } {
    this.settle([...this.tallies.keys()]);
    const rows: Record<string, string> = {};
    const confidence: Record<string, RowConfidence> = {};
    for (const key of [...this.settled.keys()].sort(byCodePoint)) {
      const { p90, confidence: sure } = this.settled.get(key)!;
      if (p90 === null) continue;
      if (!Number.isFinite(p90)) {
        // math.ceil of an infinite sample raises OverflowError in the job.
        this.crashed ??= {
          row: key,
          reason: `row ${key}'s p90 sample is ${p90 > 0 ? '+Inf' : '-Inf'} (the job stops on an OverflowError)`,
        };
        continue;
      }
      rows[key] = `${p90}Mi`;
      if (sure) confidence[key] = sure;
    }
    return { rows, confidence, crash: this.crashed };
  }
}

function settledRow(tally: RowConfidenceTally): { p90: number | null; confidence: RowConfidence | null } {
  const p90 = p90OfCounts(tally.pooledCounts());
  return { p90, confidence: p90 !== null && Number.isFinite(p90) ? tally.finish(p90) : null };
}

// Python sorts str by code point; JavaScript's < compares UTF-16 units, which differs only beyond U+FFFF.
function byCodePoint(a: string, b: string): number {
  if (a === b) return 0;
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
  }
  return x.length - y.length;
}

export type GuardVerdict = 'written' | 'refused' | 'never-written';

export interface GuardOutcome {
  verdict: GuardVerdict;
  /** The job's own last log line for this outcome. */
  logLine: string;
  /** Only "fewer than half" may be overridden, by removing the table's data first. */
  overridable: boolean;
}

/**
 * The job's guard against the table as it is now: no rows are never written; fewer than half the rows the table
 * holds (every key of its data, malformed ones too) are refused; anything else replaces the table whole.
 */
export function snapshotGuard(
  rows: Readonly<Record<string, string>>,
  table: Readonly<Record<string, string>> | null,
  tableName: string,
): GuardOutcome {
  const count = Object.keys(rows).length;
  const old = table ?? {};
  const held = Object.keys(old).length;
  if (count === 0)
    return { verdict: 'never-written', logLine: `table ${tableName} left as it is: Prometheus returned no rows`, overridable: false };
  if (2 * count < held) {
    return {
      verdict: 'refused',
      logLine: `table ${tableName} left as it is: ${count} rows is fewer than half of the ${held} rows the table holds`,
      overridable: true,
    };
  }
  const added = Object.keys(rows).filter((k) => !Object.hasOwn(old, k)).length;
  const gone = Object.keys(old).filter((k) => !Object.hasOwn(rows, k)).length;
  return { verdict: 'written', logLine: `table ${tableName}: ${count} rows, ${added} new, ${gone} gone`, overridable: false };
}

export interface TableConfigMapFile {
  apiVersion: 'v1';
  kind: 'ConfigMap';
  metadata: { name: string; namespace: string };
  data: Record<string, string>;
}

/** The preview as the runbook's saved table: `jq -c '{data}' file` gives the restore's merge patch. */
export function asTableConfigMap(rows: Readonly<Record<string, string>>, namespace: string, name: string): TableConfigMapFile {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data: { ...rows } };
}

/**
 * Where the job's rule for past pods (the pod's name) and the policy's rule for live pods (the owner) part: the job
 * files this pod's samples under another key, or under none, so the row the policy looks up never comes from a
 * snapshot. One sentence for a verdict's evidence, or null when both rules agree.
 */
export function snapshotReadsPodAs(pod: { name: string; namespace: string }, workload: string, container: string): string | null {
  const byName = workloadFromPodName(pod.name);
  if (byName === workload) return null;
  const wanted = rowKey(pod.namespace, workload, container);
  if (byName === null) {
    return `The snapshot job reads a past pod's workload from its name, and ${pod.name} is no name it recognises: it writes no row from this pod's samples, so ${wanted} never comes from a snapshot.`;
  }
  const written = rowKey(pod.namespace, byName, container);
  return `The snapshot job reads a past pod's workload from its name, and reads ${pod.name} as ${byName}: it writes this container's samples as ${written}, so ${wanted} never comes from a snapshot.`;
}
