import { formatNumber } from './number-format';
import { MiB, formatMemory } from './quantity';
import { MiBCounts, p90OfCounts } from './snapshot';
import type { SampleSeries } from './workload-series';

// How sure a row is: what stands behind the pooled p90 the snapshot writes. The job pools every pod of a workload,
// so a row can rest on a few days of one new pod, on a pool whose one hot pod (a StatefulSet's leader, a shard) sits
// far above it, or on samples whose peaks the p90 never sees. Fed one series at a time, as the job's pooling is.

/** Fewer days than this between a row's first and last sample: a weekly pattern may not be in it yet. */
export const SHORT_HISTORY_DAYS = 7;
/** The hottest pod's own p90 at or above this many times the pooled p90: the pool hides that pod. */
export const HOT_POD_RATIO = 1.5;
/** The row's highest sample at or above this many times its p90: the limit, not the request, meets the peaks. */
export const SPIKY_RATIO = 3;

/** The figures behind one row, from the same samples as its p90; sizes in whole MiB rounded up, as the row. */
export interface RowConfidence {
  /** Pods with samples for this container in the window. */
  pods: number;
  /** Seconds from the row's first sample to its last. */
  spanSeconds: number;
  samples: number;
  /** The pooled p90: the row the job writes. */
  p90Mi: number;
  /** The pod whose own p90 is highest, and that p90. */
  hottestPod: string;
  hottestP90Mi: number;
  maxMi: number;
}

export type ConfidenceFlag = 'short-history' | 'hot-pod' | 'spiky';

export const CONFIDENCE_FLAG_WORDS: Record<ConfidenceFlag, string> = {
  'short-history': `less than ${SHORT_HISTORY_DAYS} days of data`,
  'hot-pod': 'one pod far hotter than the pool',
  spiky: `spiky: max ≥ ${SPIKY_RATIO}× p90`,
};

export const daysOf = (c: Pick<RowConfidence, 'spanSeconds'>): number => c.spanSeconds / 86_400;

/** The hottest pod's p90 over the pooled p90 (1 for one pod); 0 when the p90 is 0. */
export function spreadOf(c: Pick<RowConfidence, 'p90Mi' | 'hottestP90Mi'>): number {
  return c.p90Mi > 0 ? c.hottestP90Mi / c.p90Mi : 0;
}

/** The max over the p90; 0 when the p90 is 0. */
export function peakOf(c: Pick<RowConfidence, 'p90Mi' | 'maxMi'>): number {
  return c.p90Mi > 0 ? c.maxMi / c.p90Mi : 0;
}

/** The flags a row's figures raise, in this order: short history, hot pod, spiky. */
export function confidenceFlags(c: RowConfidence): ConfidenceFlag[] {
  const flags: ConfidenceFlag[] = [];
  if (daysOf(c) < SHORT_HISTORY_DAYS) flags.push('short-history');
  if (c.pods > 1 && spreadOf(c) >= HOT_POD_RATIO) flags.push('hot-pod');
  if (peakOf(c) >= SPIKY_RATIO) flags.push('spiky');
  return flags;
}

/** A ratio to a tenth: "2.9×". */
export const formatRatio = (r: number): string => `${formatNumber(r, 1, 1)}×`;
const ratio = formatRatio;

/** The days a row rests on, to a tenth: "4.2". */
export const confidenceDays = (c: Pick<RowConfidence, 'spanSeconds'>): string => formatNumber(daysOf(c), 1);
const days = confidenceDays;

/** What a flag means for the workload's next pod, in one line. */
export function flagMeaning(flag: ConfidenceFlag, c: RowConfidence): string {
  const row = formatMemory(c.p90Mi * MiB);
  switch (flag) {
    case 'short-history':
      return `less than ${SHORT_HISTORY_DAYS} days of data: the next pod's ${row} rests on ${days(c)} days of samples; a weekly peak may not be in them yet.`;
    case 'hot-pod':
      return `one pod far hotter than the pool: ${c.hottestPod}'s own p90 is ${ratio(spreadOf(c))} the pooled ${row}; a next pod doing its work (a leader, a shard) runs above its request most of the time.`;
    case 'spiky':
      return `spiky: the next pod's request covers 90 % of samples, but peaks reach ${ratio(peakOf(c))} it; its limit decides.`;
  }
}

/** The figures in one line: "3 pods, 28 days, hottest pod 1.1× the p90, max 1.3× the p90". */
export function confidenceLine(c: RowConfidence): string {
  const pods = c.pods === 1 ? '1 pod' : `${formatNumber(c.pods, 0)} pods`;
  return `${pods}, ${days(c)} days, hottest pod ${ratio(spreadOf(c))} the p90, max ${ratio(peakOf(c))} the p90`;
}

/** The figures as they travel and are kept: [pods, spanSeconds, samples, p90Mi, hottestP90Mi, maxMi, hottestPod]. */
export type PackedConfidence = [number, number, number, number, number, number, string];

export function packConfidence(c: RowConfidence): PackedConfidence {
  return [c.pods, c.spanSeconds, c.samples, c.p90Mi, c.hottestP90Mi, c.maxMi, c.hottestPod];
}

export function unpackConfidence(p: PackedConfidence): RowConfidence {
  const [pods, spanSeconds, samples, p90Mi, hottestP90Mi, maxMi, hottestPod] = p;
  return { pods, spanSeconds, samples, p90Mi, hottestP90Mi, maxMi, hottestPod };
}

/**
 * One row's tally, series by series. A pod's own p90 needs its samples together: they are counted while its series
 * come one after another (Prometheus sorts a pod's series of one container together, by their cgroup id) and the
 * pod's p90 is taken when another pod's series comes. A pod whose series came apart is counted in parts, each its
 * own p90, and the highest stands for it: a near bound, never below a part.
 */
export class RowConfidenceTally {
  private readonly pods = new Set<string>();
  private openPod: string | null = null;
  private open = new MiBCounts();
  // every pod's samples, the job's pool: each pod's counts are added as it closes, so a sample is counted once
  private readonly pooled = new MiBCounts();
  private hottest = { pod: '', p90: -Infinity };
  private first = Infinity;
  private last = -Infinity;
  private max = -Infinity;
  private samples = 0;

  /**
   * One series' samples in bytes; `first` and `last` are its first and last sample's times (Unix seconds). Gives how
   * many samples were NaN: those are in no count (the job's sort, and so its p90, is undefined with one).
   */
  add(pod: string, values: ArrayLike<number>, first: number, last: number): number {
    if (values.length === 0) return 0;
    if (pod !== this.openPod) this.closePod(pod);
    this.pods.add(pod);
    if (first < this.first) this.first = first;
    if (last > this.last) this.last = last;
    let nans = 0;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (Number.isNaN(v)) {
        nans++;
        continue;
      }
      const mib = Math.ceil(v / MiB);
      this.open.add(mib);
      if (mib > this.max && Number.isFinite(mib)) this.max = mib;
    }
    this.samples += values.length;
    return nans;
  }

  /** Whole MiB → samples of every pod: the job's pool, for p90OfCounts. Call once every series has been added. */
  pooledCounts(): Map<number, number> {
    this.closePod(null);
    return this.pooled.counts();
  }

  private closePod(next: string | null): void {
    if (this.openPod !== null) {
      const p90 = p90OfCounts(this.open.counts());
      // of pods as hot as each other, the first by name: the same pod whatever order the series came in
      const { pod, p90: hottest } = this.hottest;
      if (p90 !== null && (p90 > hottest || (p90 === hottest && this.openPod < pod))) this.hottest = { pod: this.openPod, p90 };
      this.pooled.addAll(this.open);
      this.open = new MiBCounts();
    }
    this.openPod = next;
  }

  /** The figures against the row's pooled p90; null without samples. */
  finish(p90Mi: number): RowConfidence | null {
    this.closePod(null);
    if (this.samples === 0 || !Number.isFinite(this.hottest.p90) || !Number.isFinite(this.max)) return null;
    return {
      pods: this.pods.size,
      spanSeconds: this.last >= this.first ? Math.round(this.last - this.first) : 0,
      samples: this.samples,
      p90Mi,
      hottestPod: this.hottest.pod,
      hottestP90Mi: this.hottest.p90,
      maxMi: this.max,
    };
  }
}

/**
 * A row's figures from one workload's series read with their times (the pod and workload pages' query), pooled as
 * the job pools them: the same tally, and the pooled p90 from every sample of the container.
 */
export function confidenceOfSeries(series: readonly SampleSeries[], container: string): RowConfidence | null {
  const workload = new WorkloadConfidenceTally();
  for (const s of series) {
    if (s.container !== container || s.values.length === 0) continue;
    workload.add(
      s.pod,
      container,
      s.values.map(([, v]) => v),
      s.values[0]![0],
      s.values.at(-1)![0],
    );
  }
  return workload.confidence(container);
}

/**
 * confidenceOfSeries for every container of one workload, fed one series at a time as Prometheus's answer arrives
 * (the pod page's question): no series is kept once counted, so the answer is never held whole.
 */
export class WorkloadConfidenceTally {
  private readonly containers = new Map<string, RowConfidenceTally>();

  /** One series of `container`'s samples in bytes; `first` and `last` are its first and last sample's times. */
  add(pod: string, container: string, values: ArrayLike<number>, first: number, last: number): void {
    if (values.length === 0) return;
    let tally = this.containers.get(container);
    if (!tally) this.containers.set(container, (tally = new RowConfidenceTally()));
    tally.add(pod, values, first, last);
  }

  /** The container's figures against its pooled p90; null without samples. */
  confidence(container: string): RowConfidence | null {
    const tally = this.containers.get(container);
    const p90 = tally ? p90OfCounts(tally.pooledCounts()) : null;
    return tally && p90 !== null && Number.isFinite(p90) ? tally.finish(p90) : null;
  }
}
