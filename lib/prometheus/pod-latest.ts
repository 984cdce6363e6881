import 'server-only';
import { z } from 'zod';
import type { Cluster } from '@/lib/cluster/cluster';
import { askPrometheus, PrometheusError } from './client';
import { onePod } from './selector';
import { snapshotSelector } from './snapshot-samples';

// One pod's newest working set per container: an instant query of the job's selector, which Prometheus answers from
// its last five minutes of samples (its lookback), as it answers the 28-day query's last point. One point a series,
// so the pod page can ask it every time while the 28 days behind its p90 are kept for a step.

export interface LatestSample {
  /** Unix seconds: the time Prometheus evaluated the query at. */
  at: number;
  bytes: number;
}

const vector = z.object({
  status: z.literal('success'),
  data: z.object({
    resultType: z.literal('vector'),
    result: z.array(z.object({ metric: z.record(z.string(), z.string()), value: z.tuple([z.number(), z.string()]) })),
  }),
});

/** Per container of `pod`, its working set at `time` (unix seconds); a container with no sample in the lookback is absent. */
export async function readPodLatest(
  cluster: Cluster,
  namespace: string,
  pod: string,
  time: number,
  signal?: AbortSignal,
): Promise<Map<string, LatestSample>> {
  // the callers pass Kubernetes names already validated (no quotes or backslashes can reach the selector)
  const body = new URLSearchParams({ query: snapshotSelector(cluster, onePod(namespace, pod)), time: String(time) });
  const response = await askPrometheus(cluster, 'api/v1/query', body, signal);
  const garbage = () =>
    new PrometheusError('garbage', `Prometheus answered HTTP ${response.status} with something that is not an instant vector.`);
  const parsed = vector.safeParse(response.json);
  if (!parsed.success) throw garbage();
  const latest = new Map<string, LatestSample>();
  for (const { metric, value } of parsed.data.data.result) {
    const bytes = Number(value[1]);
    if (!Number.isFinite(bytes)) throw garbage();
    const container = metric.container ?? '';
    // one series a container in the kubelet's shape; were there two (two scrapers), the first is kept, as the tally does
    if (!latest.has(container)) latest.set(container, { at: value[0], bytes });
  }
  return latest;
}
