// The p90 a workload's page should show, worked out from the backfill's own generator (e2e/cluster/lib/samples.ts and
// the scenario's sample plans), never from memdash's code: the samples the harness wrote, in the page's window.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKFILL_GAP_SECONDS } from '../../e2e/cluster/lib/prometheus.ts';
import { writeOpenMetrics } from '../../e2e/cluster/lib/samples.ts';
import { samplePlans } from '../../e2e/cluster/scenario/sample-plans.ts';
import { requireCluster } from './cluster';
import { scenarioWorkload } from './scenario';

/** One sample the backfill wrote: its pod, time (unix seconds) and bytes. */
export interface BackfilledSample {
  pod: string;
  time: number;
  value: number;
}

/** Every sample of `container` in [from, to] (unix seconds) that the backfill's generator wrote for the workload. */
export async function backfilledSamples(
  namespace: string,
  workload: string,
  container: string,
  from: number,
  to: number,
): Promise<BackfilledSample[]> {
  const state = requireCluster();
  if (!state.backfilledAt)
    throw new Error(`precondition failed: the local cluster's Prometheus was never backfilled (state.json has no backfilledAt)`);
  // where the backfill ended; a state from before it was recorded: BACKFILL_GAP_SECONDS before backfilledAt, which is
  // when the backfill finished, a minute or so after it began
  const end = state.backfillEnd ?? Math.floor(Date.parse(state.backfilledAt) / 1000) - BACKFILL_GAP_SECONDS;
  const plans = samplePlans(end, [scenarioWorkload(namespace, workload)]).filter((p) => p.container === container);
  const dir = mkdtempSync(join(tmpdir(), 'memdash-backfill-'));
  try {
    await writeOpenMetrics(join(dir, 'samples.om'), plans);
    const samples: BackfilledSample[] = [];
    for (const line of readFileSync(join(dir, 'samples.om'), 'utf8').split('\n')) {
      if (line.startsWith('#') || !line) continue;
      const [value, time] = line
        .slice(line.lastIndexOf('}') + 2)
        .split(' ')
        .map(Number) as [number, number];
      if (time >= from && time <= to) samples.push({ pod: /[{,]pod="([^"]*)"/.exec(line)![1]!, time, value });
    }
    if (samples.length === 0) throw new Error(`the backfill holds no sample of ${namespace}/${workload}/${container} in the window`);
    return samples;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Nearest-rank p90 of bytes, in MiB rounded up. */
export function nearestRankP90Mi(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.ceil(sorted[Math.ceil(0.9 * sorted.length) - 1]! / 2 ** 20);
}

/** Nearest-rank p90 of every sample of `container` in [from, to] (unix seconds), in MiB rounded up. */
export async function backfilledP90Mi(namespace: string, workload: string, container: string, from: number, to: number): Promise<number> {
  return nearestRankP90Mi((await backfilledSamples(namespace, workload, container, from, to)).map((s) => s.value));
}
