import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { firstAtOne, increases, oomKillsFromRestarts, type TerminationMark } from '@/lib/domain';
import { settings } from '@/lib/config';
import { z } from 'zod';
import { PrometheusError, asPrometheusLimit, countedFor, prometheusApiUrl, queryRange, type RawSeries } from './client';
import { postForm } from './http';
import { LimitError } from './limits';
import { readLimits } from './read-limits';
import { CONTAINERS, onePod, seriesSelector, workloadPods } from './selector';

// A workload's OOM kills and evictions over a window from Prometheus, where it has kube-state-metrics' series
// (restarts, the last termination's reason, the pod's status reason) or cAdvisor's OOM events; the metric names are
// the cluster's facts. Which of them Prometheus holds is asked first, so a Prometheus without them is told from one without events.

export interface PrometheusEnds {
  marks: TerminationMark[];
  /** The cluster's metric names Prometheus holds any series of. */
  found: string[];
  /** Those it holds none of. */
  missing: string[];
}

interface Window {
  namespace: string;
  /** The pod name's prefix (the workload's), already a valid Kubernetes name. */
  workload: string;
  start: number;
  end: number;
  step: number;
  /** The request or page the read serves (lib/http/page-signal.ts): its leaving stops the read. */
  signal?: AbortSignal;
}

/** OOM kills and evictions of the workload's pods, `belongs` keeping the pods whose name gives the workload. */
export async function prometheusEnds(cluster: Cluster, w: Window, belongs: (pod: string) => boolean): Promise<PrometheusEnds> {
  const f = cluster.facts;
  const names = [f.restartsMetric, f.lastTerminatedMetric, f.podReasonMetric, f.oomEventsMetric];
  const pods = workloadPods(w.namespace, w.workload);
  const found = await heldMetrics(cluster, names, pods, w);
  const has = (name: string) => found.includes(name);
  const range = (metric: string, matchers: string[]) =>
    queryRange(
      cluster,
      { query: seriesSelector(cluster.prometheus, metric, matchers), start: w.start, end: w.end, step: w.step },
      w.signal,
    );
  const mine = (series: RawSeries[]) => series.filter((x) => belongs(x.metric.pod ?? ''));
  const [restarts, reasons, evicted, oomEvents] = await Promise.all([
    has(f.restartsMetric) ? range(f.restartsMetric, pods).then(mine) : [],
    has(f.lastTerminatedMetric) ? range(f.lastTerminatedMetric, [...pods, 'reason="OOMKilled"']).then(mine) : [],
    has(f.podReasonMetric) ? range(f.podReasonMetric, [...pods, 'reason="Evicted"']).then(mine) : [],
    has(f.oomEventsMetric) ? range(f.oomEventsMetric, [...pods, ...CONTAINERS]).then(mine) : [],
  ]);
  const marks: TerminationMark[] = [];
  for (const r of restarts) {
    const reason = reasons.find((x) => x.metric.pod === r.metric.pod && x.metric.container === r.metric.container);
    for (const t of oomKillsFromRestarts(r.values, reason?.values ?? []))
      marks.push({ kind: 'oom-kill', pod: r.metric.pod!, container: r.metric.container ?? null, t, source: 'kube-state-metrics' });
  }
  for (const o of oomEvents)
    for (const t of increases(o.values))
      marks.push({ kind: 'oom-kill', pod: o.metric.pod!, container: o.metric.container ?? null, t, source: 'cadvisor' });
  for (const e of evicted) {
    const t = firstAtOne(e.values);
    if (t !== null) marks.push({ kind: 'eviction', pod: e.metric.pod!, container: null, t, source: 'kube-state-metrics' });
  }
  return { marks, found, missing: names.filter((n) => !has(n)) };
}

/**
 * Which of the metrics Prometheus holds a series of for these pods in the window: its series endpoint answers from
 * the index, without reading a sample.
 */
function heldMetrics(cluster: Cluster, names: string[], pods: string[], w: Window): Promise<string[]> {
  return countedFor(cluster, () => metricsHeld(cluster, names, pods, w));
}

async function metricsHeld(cluster: Cluster, names: string[], pods: string[], w: Window): Promise<string[]> {
  const pattern = [...new Set(names)].join('|');
  const match = seriesSelector(cluster.prometheus, '', [`__name__=~"${pattern}"`, ...pods]);
  const form = new URLSearchParams({ 'match[]': match, start: String(w.start), end: String(w.end) });
  const limits = readLimits('parsed', w.signal);
  const answer = await postForm(prometheusApiUrl(cluster.prometheus, 'api/v1/series'), form, settings().prometheusTimeoutMs, limits).catch(
    (err: unknown) => {
      if (err instanceof LimitError) throw asPrometheusLimit(err);
      throw new PrometheusError(
        'unreachable',
        `Prometheus's series could not be listed: ${err instanceof Error ? err.message : String(err)}`,
      );
    },
  );
  const parsed = seriesAnswer.safeParse(answer.json);
  if (!parsed.success)
    throw new PrometheusError('garbage', `Prometheus answered HTTP ${answer.status} to a series list with something else.`);
  return [...new Set(parsed.data.data.map((x) => x.__name__ ?? ''))].filter((n) => names.includes(n));
}

const seriesAnswer = z.object({ status: z.literal('success'), data: z.array(z.record(z.string(), z.string())) });

/** The working set (bytes) of a pod's container, or of all its containers summed, at the newest sample in [t − 15 min, t]. */
export async function workingSetAt(
  cluster: Cluster,
  namespace: string,
  pod: string,
  container: string | null,
  t: number,
  signal?: AbortSignal,
): Promise<number | null> {
  const which = container === null ? CONTAINERS : [`container="${container}"`];
  const series = await queryRange(
    cluster,
    {
      query: seriesSelector(cluster.prometheus, cluster.facts.snapshotMetric, [...onePod(namespace, pod), ...which]),
      start: t - 900,
      end: t,
      step: 60,
    },
    signal,
  );
  if (series.length === 0) return null;
  return series.reduce((sum, x) => sum + (x.values.at(-1)?.[1] ?? 0), 0);
}
