// The one place memdash's PromQL series selectors are written. A Prometheus several clusters share tells their series
// apart by a label (MEMDASH_CLUSTERS' prometheus.matcher, such as cluster="stg"): it is added to every selector here,
// so no query of one cluster can read another's series. No I/O here.
import type { PrometheusTarget } from '@/lib/cluster/config';

/**
 * `metric{matchers…}` with the cluster's matcher last, when its Prometheus is shared; `metric` may be empty (a
 * selector of `__name__`). Each matcher is one `label op "value"`; the callers pass Kubernetes names already validated
 * (no quote or backslash can reach the text), and the cluster's matcher was checked to be one matcher at start.
 */
export function seriesSelector(target: PrometheusTarget, metric: string, matchers: readonly string[]): string {
  const all = target.matcher ? [...matchers, target.matcher] : matchers;
  return `${metric}{${all.join(',')}}`;
}

/** The matchers of a workload's pods: its namespace, and pods named after it (`web-…`, the job's rule). */
export function workloadPods(namespace: string, workload: string): string[] {
  return [`namespace="${namespace}"`, `pod=~"${workload.replaceAll('.', '\\\\.')}-.*"`];
}

/** The matchers of one pod. */
export function onePod(namespace: string, pod: string): string[] {
  return [`namespace="${namespace}"`, `pod="${pod}"`];
}

/** Every container's own series: cAdvisor's pod-level series and the pause container left out. */
export const CONTAINERS = ['container!=""', 'container!="POD"'];
