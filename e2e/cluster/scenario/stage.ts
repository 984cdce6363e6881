// The second cluster of `cluster up --clusters 2`, the stage beside prd: the same scenario (namespaces, workloads,
// pods, Prometheus's 28 days), and a table whose rows for some of shop's workloads differ, as a stage's snapshot would
// give them from its own, smaller traffic. So the same workload has other rows in each cluster.
import { applyObjects } from '../lib/kubectl.ts';
import { log } from '../lib/log.ts';
import { waitForTableRows } from '../kyverno/harness.ts';
import { tableConfigMap, tableRows } from './objects.ts';
import { WORKLOADS } from './workloads.ts';

/** The stage's own rows, over the scenario's (key: `<namespace>_<workload>_<container>`, as the runbook writes them). */
export const STAGE_ROWS: Readonly<Record<string, string>> = Object.freeze({
  shop_web_app: '200Mi',
  shop_cart_cart: '320Mi',
  shop_redis_redis: '512Mi',
});

/**
 * Writes the stage's table whole (the harness's field manager owns every seed row, so a partial apply would drop the
 * others) and waits until Kyverno's stand-in holds it. The scenario's pods keep the requests prd's rows gave them:
 * in the stage they are older than its table, as pods are after a snapshot.
 */
export async function applyStageTable(): Promise<void> {
  const rows = { ...tableRows(WORKLOADS), ...STAGE_ROWS };
  applyObjects([tableConfigMap(rows)]);
  await waitForTableRows(rows);
  log(`the stage's table: ${Object.keys(STAGE_ROWS).join(', ')} differ from prd's`);
}
