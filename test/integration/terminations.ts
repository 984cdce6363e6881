// What the scenario's OOM kills and evictions should show, worked out from the scenario (e2e/cluster/scenario/
// workloads.ts), kubectl and the backfill's own generator, never from memdash's code.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVICT_LABEL, OOM_KILL_LABEL } from '../../e2e/cluster/lib/kwok-terminations.ts';
import { BACKFILL_GAP_SECONDS, prometheusUrl } from '../../e2e/cluster/lib/prometheus.ts';
import { OOM_PEAK_SECONDS, STEP_SECONDS, writeOpenMetrics, type SeriesPlan } from '../../e2e/cluster/lib/samples.ts';
import { samplePlans } from '../../e2e/cluster/scenario/sample-plans.ts';
import { kubectlJson, PreconditionFailed, requireCluster } from './cluster';
import { scenarioWorkload } from './scenario';

interface Terminated {
  reason: string;
  exitCode: number;
  finishedAt: string;
}
export interface PodJson {
  metadata: { name: string; uid: string };
  status: {
    reason?: string;
    message?: string;
    containerStatuses: Array<{
      name: string;
      restartCount: number;
      lastState?: { terminated?: Terminated };
      state?: { terminated?: Terminated };
    }>;
  };
}

/** The pod KWOK ended with the label, as kubectl shows it. */
export function labelledPod(namespace: string, label: string): PodJson {
  const pods = kubectlJson<{ items: PodJson[] }>(['-n', namespace, 'get', 'pods', '-l', label]).items;
  const fix = 'npm run cluster:up seeds it (KWOK stage memdash-container-oom-killed / memdash-pod-evicted)';
  if (pods.length !== 1) throw new PreconditionFailed(`${pods.length} pods in ${namespace} carry ${label}, not one`, fix);
  return pods[0]!;
}

export const oomKilledPod = () => labelledPod('orders', OOM_KILL_LABEL);
export const evictedPod = () => labelledPod('orders', EVICT_LABEL);

/**
 * The end the backfill was generated with, to the step: its newest sample of a current pod (a raw range read of
 * Prometheus's own storage), checked against when the state says it backfilled. The samples fall on multiples of the
 * step up to the end, so any end in the step after the newest one generates the same series.
 */
export async function backfillEnd(namespace: string, pod: string): Promise<number> {
  const state = requireCluster();
  if (!state.backfilledAt) throw new PreconditionFailed('the local Prometheus was never backfilled', 'npm run cluster:up');
  const series = await rawSamples(`container_memory_working_set_bytes{namespace="${namespace}",pod="${pod}"}[6h]`);
  const newest = Math.max(...series.map((values) => values.at(-1)![0]));
  const expected = Math.floor(Date.parse(state.backfilledAt) / 1000) - BACKFILL_GAP_SECONDS;
  if (!(Math.abs(newest - expected) < 1800))
    throw new PreconditionFailed(
      `the backfill's newest sample of ${namespace}/${pod} (${newest}) is not near ${expected}`,
      'npm run cluster:up -- --rebackfill',
    );
  return newest + 1;
}

/** The scenario's plans of a workload, as the backfill wrote them. */
export async function backfillPlans(namespace: string, workload: string, currentPod: string): Promise<SeriesPlan[]> {
  const end = await backfillEnd(namespace, currentPod);
  return samplePlans(end, [scenarioWorkload(namespace, workload)]);
}

/** The samples at the limit before the planned OOM kills, times the step: how long the working set was near it. */
export function secondsAtPeak(plans: SeriesPlan[]): number {
  const kills = plans.flatMap((p) => p.oomKillsAt ?? []);
  return kills.length * (OOM_PEAK_SECONDS / STEP_SECONDS) * STEP_SECONDS;
}

/** The generator's last sample of a plan (its value at `to`), read from the OpenMetrics text it writes. */
export async function lastSample(plan: SeriesPlan): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'memdash-ends-'));
  try {
    await writeOpenMetrics(join(dir, 'one.om'), [{ ...plan, oomKillsAt: undefined, evictedAt: undefined }]);
    const lines = readFileSync(join(dir, 'one.om'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('container_memory_working_set_bytes'));
    return Number(lines.at(-1)!.split(' ').at(-2));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A running pod of the workload (the evicted one is not). */
export function runningPod(namespace: string, workload: string): string {
  const pods = kubectlJson<{ items: Array<{ metadata: { name: string }; status: { phase?: string } }> }>([
    '-n',
    namespace,
    'get',
    'pods',
    '-l',
    `app.kubernetes.io/name=${workload}`,
  ]).items;
  const running = pods.find((p) => p.status.phase === 'Running');
  if (!running) throw new PreconditionFailed(`no pod of ${namespace}/${workload} runs`, 'npm run cluster:up');
  return running.metadata.name;
}

/** Whether the table's data was last written (its managedFields) before `at`. */
export function tableWrittenBefore(at: string): boolean {
  const cm = kubectlJson<{ metadata: { managedFields?: Array<{ time?: string; fieldsV1?: Record<string, unknown> }> } }>([
    '-n',
    'kyverno-prd',
    'get',
    'configmap',
    'memory-requests',
    '--show-managed-fields',
  ]);
  const writes = (cm.metadata.managedFields ?? [])
    .filter((f) => f.fieldsV1 && 'f:data' in f.fieldsV1 && f.time)
    .map((f) => Date.parse(f.time!));
  return writes.length > 0 && Math.max(...writes) <= Date.parse(at);
}

/**
 * The newest working-set sample of a pod's container in the `seconds` up to `t`, read raw from Prometheus (a range
 * selector at `t`), or null when there is none: what the pages call "the working set then".
 */
export async function newestSampleBefore(
  namespace: string,
  pod: string,
  container: string,
  t: number,
  seconds: number,
): Promise<number | null> {
  const selector = `container_memory_working_set_bytes{namespace="${namespace}",pod="${pod}",container="${container}"}[${seconds}s]`;
  const newest = (await rawSamples(selector, t))
    .flat()
    .sort((a, b) => a[0] - b[0])
    .at(-1);
  return newest ? Number(newest[1]) : null;
}

/** Each series' samples as Prometheus stored them: a range selector read with an instant query (at `time`, or now). */
async function rawSamples(rangeSelector: string, time?: number): Promise<Array<Array<[number, string]>>> {
  const url = new URL('/api/v1/query', prometheusUrl(requireCluster()));
  url.searchParams.set('query', rangeSelector);
  if (time !== undefined) url.searchParams.set('time', String(time));
  const answer = (await (await fetch(url)).json()) as { status: string; data: { result: Array<{ values: Array<[number, string]> }> } };
  if (answer.status !== 'success') throw new Error(`Prometheus refused ${rangeSelector}`);
  return answer.data.result.map((r) => r.values);
}
