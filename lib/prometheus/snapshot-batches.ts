import { workloadFromPodName } from '@/lib/domain';
import type { OverlapLimits } from './overlap';

// How the snapshot's samples are split into queries: whole namespaces, small ones packed together, a large one cut
// along its workloads. Each series belongs to exactly one batch (by its namespace and the job's workload of its
// pod), so the batches together read each series once. No I/O here.

/** Series per query: about 16 M samples over 28 days at 300 s, well inside Prometheus's default max-samples. */
export const BATCH_SERIES = 2000;

// Prometheus computes an answer whole before it sends a byte, so with one batch nothing overlaps: its time and the
// reading add up. A small window is cut in at least this many batches (of at least MIN_BATCH_SERIES series) so that
// Prometheus computes one while the preview reads another.
const OVERLAP_BATCHES = 4;
const MIN_BATCH_SERIES = 20;

/**
 * How the batches are read (lib/prometheus/overlap.ts): two answers being computed at once, and as many more being
 * read. Prometheus is never left waiting on the preview's parsing, and the preview never holds more than four open.
 */
export const READ_LIMITS: OverlapLimits = { computing: 2, inFlight: 4 };

/** The preview's batches: at most `perBatch` series each, and enough of them to overlap (see OVERLAP_BATCHES). */
export function planReadBatches(census: SeriesCensus, perBatch = BATCH_SERIES): SampleBatch[] {
  return planBatches(census, Math.min(perBatch, Math.max(MIN_BATCH_SERIES, Math.ceil(census.series / OVERLAP_BATCHES))));
}

/** Series counts by namespace (null: the label is missing) and by the job's workload of their pod. */
export interface SeriesCensus {
  series: number;
  namespaces: Map<string | null, Map<string, number>>;
}

export interface SampleBatch {
  /** Extra label matchers for the job's selector (lib/prometheus/selector.ts). */
  matchers: string[];
  /** Whether a series of the answer is this batch's (a pod regex can also match another workload's pods). */
  accepts: (metric: Record<string, string>) => boolean;
  workloads: number;
  series: number;
}

export function planBatches(census: SeriesCensus, perBatch = BATCH_SERIES): SampleBatch[] {
  const batches: SampleBatch[] = [];
  let packed: Array<[string, Map<string, number>]> = [];
  let packedSeries = 0;
  const flush = () => {
    if (packed.length > 0) batches.push(namespacesBatch(packed));
    packed = [];
    packedSeries = 0;
  };
  const names = [...census.namespaces.keys()].sort((a, b) => (a ?? '').localeCompare(b ?? ''));
  for (const namespace of names) {
    const workloads = census.namespaces.get(namespace)!;
    const series = sum(workloads);
    if (namespace === null) batches.push(...workloadBatches(null, workloads, perBatch));
    else if (series > perBatch) batches.push(...workloadBatches(namespace, workloads, perBatch));
    else {
      if (packedSeries + series > perBatch) flush();
      packed.push([namespace, workloads]);
      packedSeries += series;
    }
  }
  flush();
  return batches;
}

function namespacesBatch(namespaces: Array<[string, Map<string, number>]>): SampleBatch {
  const names = new Set(namespaces.map(([n]) => n));
  const matcher =
    names.size === 1 ? `namespace=${promString([...names][0]!)}` : `namespace=~${promString([...names].map(regexLiteral).join('|'))}`;
  return {
    matchers: [matcher],
    accepts: (metric) => metric.namespace !== undefined && names.has(metric.namespace),
    workloads: namespaces.reduce((n, [, w]) => n + w.size, 0),
    series: namespaces.reduce((n, [, w]) => n + sum(w), 0),
  };
}

/** A namespace's workloads in groups of at most `perBatch` series (one larger workload makes a batch alone). */
function workloadBatches(namespace: string | null, workloads: Map<string, number>, perBatch: number): SampleBatch[] {
  const groups: Array<Map<string, number>> = [];
  let group = new Map<string, number>();
  let count = 0;
  for (const name of [...workloads.keys()].sort()) {
    const series = workloads.get(name)!;
    if (group.size > 0 && count + series > perBatch) {
      groups.push(group);
      group = new Map();
      count = 0;
    }
    group.set(name, series);
    count += series;
  }
  if (group.size > 0) groups.push(group);
  return groups.map((g) => {
    const names = new Set(g.keys());
    const pods = `(?:${[...names].map(regexLiteral).join('|')})-[\\s\\S]+`;
    return {
      // namespace="" selects the series without the label
      matchers: [`namespace=${promString(namespace ?? '')}`, `pod=~${promString(pods)}`],
      accepts: (metric) => (metric.namespace ?? null) === namespace && names.has(workloadFromPodName(metric.pod ?? '') ?? ''),
      workloads: names.size,
      series: sum(g),
    };
  });
}

function sum(workloads: Map<string, number>): number {
  let n = 0;
  for (const v of workloads.values()) n += v;
  return n;
}

/** Text matched literally by Prometheus's RE2. */
export function regexLiteral(text: string): string {
  return text.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}

/** A PromQL string literal: JSON's escapes are a subset of the ones PromQL's double-quoted strings take. */
export function promString(text: string): string {
  return JSON.stringify(text);
}
