import 'server-only';
import {
  chartPoints,
  p90Mi,
  parseMemory,
  partFailed,
  partOk,
  podsOf,
  pooledValues,
  rowKey,
  rowSteps,
  shareAbove,
  workloadFromPodName,
  workloadOf,
} from '@/lib/domain';
import { settings } from '@/lib/config';
import { historyDb } from '@/lib/history';
import { rowsOverTime } from '@/lib/history/store';
import { readClients } from '@/lib/k8s/client';
import { asPodShape, listPods, type LoadedPod } from '@/lib/k8s/pods';
import { PrometheusError, workloadSeries } from '@/lib/prometheus/client';
import type { Rights } from '@/lib/domain/rights';
import { requireWorkload } from './workload-history';
import type { WorkloadRef } from './workload-history-types';
import type { ContainerChart, WorkloadMemory } from './workload-memory-types';

export type { ContainerChart, WorkloadMemory };

// The data of a workload's charts: Prometheus's working set over the snapshot's window, the pooled p90 the job
// would write, the row over time, and the current pods' request and limit. A Prometheus failure is returned as
// a message for the chart's place, so the rest of the page keeps working.

const BUCKET_SECONDS = 3600;

export async function readWorkloadMemory(ref: WorkloadRef, rights: Rights, now = new Date()): Promise<WorkloadMemory> {
  requireWorkload(rights, ref);
  const s = settings();
  const end = Math.floor(now.getTime() / 1000);
  const start = end - s.snapshotWindowDays * 86400;
  const step = s.snapshotStepSeconds;
  // The pods are listed while Prometheus answers: the page's cost over the raw query is what runs after it.
  const podsRead = listPods(readClients(), ref.namespace);
  podsRead.catch(() => undefined); // awaited below; a failure then is the route's to report
  let series;
  try {
    // Pods of other workloads can share the name's prefix (web, web-admin): keep those whose name gives this one.
    series = (await workloadSeries(ref.namespace, ref.workload, start, end, step)).filter(
      (x) => workloadFromPodName(x.pod) === ref.workload,
    );
  } catch (err) {
    if (err instanceof PrometheusError)
      return partFailed(err.kind === 'unreachable' || err.kind === 'timeout' ? 'unreachable' : 'cluster-error', err.message);
    throw err;
  }
  const pods = (await podsRead)
    .map(asPodShape)
    .filter((p): p is LoadedPod => p !== null && workloadOf(p, { jenkinsNamespace: s.jenkinsNamespace })?.name === ref.workload);
  const containers = [...new Set(series.map((x) => x.container))].sort();
  const versions = await rowsOverTime(
    await historyDb(),
    containers.map((c) => rowKey(ref.namespace, ref.workload, c)),
  );
  const charts = containers.map((container) => {
    const values = pooledValues(series, container);
    const { request, limit } = currentSizes(pods, container);
    const steps = rowSteps(versions, rowKey(ref.namespace, ref.workload, container), start);
    return {
      container,
      pods: podsOf(series, container),
      points: chartPoints(series, container, steps, BUCKET_SECONDS),
      p90Mi: p90Mi(values),
      samples: values.length,
      row: steps.at(-1)?.bytes ?? null,
      request,
      limit,
      shareAboveRequest: shareAbove(values, request),
    };
  });
  return partOk({ start, end, step, charts });
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
