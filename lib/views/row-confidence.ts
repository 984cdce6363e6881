import 'server-only';
import {
  WorkloadConfidenceTally,
  confidenceFlags,
  confidenceOfSeries,
  packConfidence,
  workloadFromPodName,
  type PackedConfidence,
  type RowConfidence,
} from '@/lib/domain';
import { seesNamespace, type Rights } from '@/lib/domain/rights';
import { rowKeyParts } from '@/lib/domain/table';
import type { Cluster } from '@/lib/cluster/cluster';
import { toAppError } from '@/lib/errors';
import { sharedInFlight } from '@/lib/shared-in-flight';
import { keepRowConfidence, readRowConfidence } from '@/lib/history/row-confidence';
import { workloadSeries } from '@/lib/prometheus/client';
import { rangeChunks } from '@/lib/prometheus/range';
import { readWorkloadSamples, type SnapshotWindow } from '@/lib/prometheus/snapshot-samples';
import type { KeptConfidenceAnswer, WorkloadConfidence } from './row-confidence-types';
import type { PreviewConfidence } from './snapshot-preview-types';
import { perCluster } from './per-cluster';
import { keptForTwoSteps, prometheusPart } from './prometheus-reads';

// How sure the preview's rows are: every row's figures kept in the store for /table and /workloads, the flagged
// ones sent with the preview. A store that fails costs the pages their figures, never the preview.

export async function previewConfidence(
  cluster: Cluster,
  confidence: Record<string, RowConfidence>,
  computedAt: string,
): Promise<PreviewConfidence> {
  const flagged: Record<string, PackedConfidence> = {};
  let measured = 0;
  for (const [key, c] of Object.entries(confidence)) {
    measured++;
    if (confidenceFlags(c).length > 0) flagged[key] = packConfidence(c);
  }
  let kept: PreviewConfidence['kept'] = { ok: true };
  try {
    await keepRowConfidence(await cluster.history(), confidence, computedAt);
  } catch (err) {
    kept = { ok: false, message: `the history store did not keep the rows' figures: ${toAppError(err).message}` };
  }
  return { measured, flagged, kept };
}

/** The kept figures of the rows in the namespaces the asker may see. */
export async function readKeptConfidence(cluster: Cluster, rights: Rights): Promise<KeptConfidenceAnswer> {
  const kept = await readRowConfidence(await cluster.history());
  const rows: Record<string, PackedConfidence> = {};
  for (const [key, c] of kept.rows) if (seesNamespace(rights, rowKeyParts(key)[0] ?? '')) rows[key] = packConfidence(c);
  return { computedAt: kept.computedAt, rows };
}

/**
 * One workload's rows measured now from Prometheus over the snapshot's window (the pod page's question): one
 * workload's series, the query the workload page makes. A Prometheus failure is this part's message. `signal`: the
 * page's, which stops the read when the browser leaves.
 */
export async function readWorkloadConfidence(
  cluster: Cluster,
  namespace: string,
  workload: string,
  containers: readonly string[],
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
): Promise<WorkloadConfidence> {
  const s = cluster.facts;
  const end = Math.floor(now.getTime() / 1000);
  const window = { start: end - s.snapshotWindowDays * 86400, end, step: s.snapshotStepSeconds };
  return prometheusPart(async () => {
    const confidenceOf = await workloadTally(cluster, namespace, workload, window, signal);
    return { containers: Object.fromEntries(containers.map((c) => [c, confidenceOf(c)])) };
  });
}

/**
 * Each container's figures from the workload's series, counted as they arrive (its 28 days are megabytes of answer:
 * parsed whole, one long pause of the event loop per pod page). A window longer than one query allows is read in
 * chunks and joined first: a pod's series split across chunks would be counted in parts.
 */
async function workloadTally(
  cluster: Cluster,
  namespace: string,
  workload: string,
  window: SnapshotWindow,
  signal?: AbortSignal,
): Promise<(c: string) => RowConfidence | null> {
  const ours = (pod: string) => workloadFromPodName(pod) === workload;
  if (rangeChunks(window.start, window.end, window.step).length > 1) {
    const series = (await workloadSeries(cluster, namespace, workload, window.start, window.end, window.step, signal)).filter((x) =>
      ours(x.pod),
    );
    return (c) => confidenceOfSeries(series, c);
  }
  const tally = new WorkloadConfidenceTally();
  await readWorkloadSamples(
    cluster,
    window,
    namespace,
    workload,
    (x) => {
      const pod = x.metric.pod ?? '';
      if (ours(pod)) tally.add(pod, x.metric.container ?? '', x.values, x.first, x.last);
    },
    signal,
  );
  return (c) => tally.confidence(c);
}

/**
 * readWorkloadConfidence, once per workload and containers while in flight, kept for two steps (keptForTwoSteps):
 * every pod page asks for its workload's 28 days, which cost Prometheus and memdash more than the rest of the page.
 * One per cluster, kept for that cluster's step; the key carries the cluster too: two clusters' workloads of the same
 * name are two workloads.
 */
const sharedConfidenceIn = perCluster((cluster) =>
  sharedInFlight(
    (namespace: string, workload: string, containers: readonly string[]) => JSON.stringify([cluster.name, namespace, workload, containers]),
    (namespace: string, workload: string, containers: readonly string[], signal: AbortSignal) =>
      readWorkloadConfidence(cluster, namespace, workload, containers, { signal }),
    keptForTwoSteps(cluster, (answer: WorkloadConfidence) => answer.ok),
  ),
);

export function readWorkloadConfidenceShared(
  cluster: Cluster,
  namespace: string,
  workload: string,
  containers: readonly string[],
  signal?: AbortSignal,
): Promise<WorkloadConfidence> {
  return sharedConfidenceIn(cluster)(namespace, workload, containers, signal);
}
