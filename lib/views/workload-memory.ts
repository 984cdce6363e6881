import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import {
  bucketFor,
  chartPoints,
  type ChartRange,
  p90Mi,
  parseMemory,
  partOk,
  podsOf,
  pooledValues,
  rowKey,
  RANGE_SECONDS,
  rangeOfSeconds,
  rowSteps,
  rowWrites,
  secondsNearLimit,
  seriesFrom,
  shareAbove,
  workloadFromPodName,
  workloadOf,
} from '@/lib/domain';
import { rowsOverTime } from '@/lib/history/store';
import { asPodShape, listPods, type LoadedPod } from '@/lib/k8s/pods';
import { workloadSeries } from '@/lib/prometheus/client';
import { prometheusPart } from './prometheus-reads';
import type { Rights } from '@/lib/domain/rights';
import { requireWorkload } from './workload-history';
import type { WorkloadRef } from './workload-history-types';
import type { ContainerChart, WorkloadMemory } from './workload-memory-types';

export type { ContainerChart, WorkloadMemory };

// The data of a workload's charts: Prometheus's working set over the range shown (the snapshot's window unless a
// range is asked), the pooled p90 the job would write over its window, the row over time and the versions that
// changed it, and the current pods' request and limit. A Prometheus failure is returned as a message for the
// chart's place, so the rest of the page keeps working.

/**
 * One query at the snapshot's step covers both the range and the window: a shorter range is the newest part of the
 * window's samples (the same evaluation times as a query of its own, both ending at `end`), and the job's p90 needs
 * the whole window whatever the range. `signal`: the request's or the page's
 * (lib/http/page-signal.ts), which stops the Prometheus read when the browser leaves.
 */
export async function readWorkloadMemory(
  cluster: Cluster,
  ref: WorkloadRef,
  rights: Rights,
  range?: ChartRange,
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
): Promise<WorkloadMemory> {
  requireWorkload(cluster, rights, ref);
  const s = cluster.facts;
  const end = Math.floor(now.getTime() / 1000);
  const windowSeconds = s.snapshotWindowDays * 86400;
  const rangeSeconds = range ? RANGE_SECONDS[range] : windowSeconds;
  const start = end - rangeSeconds;
  const windowStart = end - windowSeconds;
  const step = s.snapshotStepSeconds;
  const bucket = bucketFor(rangeSeconds, step);
  // The pods are listed while Prometheus answers: the page's cost over the raw query is what runs after it.
  const podsRead = listPods(cluster, ref.namespace);
  podsRead.catch(() => undefined); // awaited below; a failure then is the route's to report
  const read = await prometheusPart(() =>
    workloadSeries(cluster, ref.namespace, ref.workload, Math.min(start, windowStart), end, step, signal),
  );
  if (!read.ok) return read;
  // Pods of other workloads can share the name's prefix (web, web-admin): keep those whose name gives this one.
  const series = read.value.filter((x) => workloadFromPodName(x.pod) === ref.workload);
  const pods = (await podsRead)
    .map(asPodShape)
    .filter((p): p is LoadedPod => p !== null && workloadOf(p, { jenkinsNamespace: s.jenkinsNamespace })?.name === ref.workload);
  const containers = [...new Set(series.map((x) => x.container))].sort();
  const versions = await rowsOverTime(
    await cluster.history(),
    containers.map((c) => rowKey(ref.namespace, ref.workload, c)),
  );
  const shown = seriesFrom(series, start);
  const pooled = seriesFrom(series, windowStart);
  const charts = containers.map((container) => {
    const values = pooledValues(shown, container);
    const { request, limit } = currentSizes(pods, container);
    const key = rowKey(ref.namespace, ref.workload, container);
    const steps = rowSteps(versions, key, start);
    return {
      container,
      pods: podsOf(shown, container),
      points: chartPoints(shown, container, steps, bucket, start),
      p90Mi: p90Mi(pooledValues(pooled, container)),
      rangeP90Mi: p90Mi(values),
      samples: values.length,
      row: steps.at(-1)?.bytes ?? null,
      request,
      limit,
      shareAboveRequest: shareAbove(values, request),
      secondsNearLimit: secondsNearLimit(
        shown.filter((x) => x.container === container),
        limit,
        step,
      ),
      writes: rowWrites(versions, key, start, end),
    };
  });
  return partOk({ start, end, step, bucket, range: range ?? rangeOfSeconds(windowSeconds), windowDays: s.snapshotWindowDays, charts });
}

function currentSizes(pods: LoadedPod[], container: string): { request: number | null; limit: number | null } {
  let request: number | null = null;
  let limit: number | null = null;
  for (const pod of pods) {
    for (const c of [...(pod.spec.initContainers ?? []), ...pod.spec.containers]) {
      if (c.name !== container) continue;
      const l = c.resources?.limits?.memory ? parseMemory(c.resources.limits.memory) : null;
      const r = c.resources?.requests?.memory ? parseMemory(c.resources.requests.memory) : l;
      if (r !== null && (request === null || r > request)) request = r;
      if (l !== null && (limit === null || l > limit)) limit = l;
    }
  }
  return { request, limit };
}
