// Will the next table fit? In Chromium against the local cluster's batch pool (e2e/cluster/scenario/batch-pool.ts):
// the preview's fit panel and the warnings beside the guard's verdict, then the panels of the workload page and the
// home page, which take the preview's rows once it has been computed. The numbers are kubectl's (allocatable, the
// requests now); the arithmetic of the next table is held in test/integration/next-table-fit.test.ts.
import { expect, test } from '@playwright/test';
import { kubectlJson } from '../../test/integration/cluster';
import { bytesOf } from '../cluster/kyverno/mutation';
import { BATCH_NAMESPACE, BATCH_NODE, BATCH_QUOTA } from '../cluster/scenario/batch-pool';

interface Pod {
  spec: { containers: Array<{ resources?: { requests?: Record<string, string> } }> };
  status: { phase?: string };
}

/** The batch pool's requests now, summed from kubectl, in the pages' unit. */
function batchRequestsNow(): { mi: string; pods: number } {
  const pods = kubectlJson<{ items: Pod[] }>(['-n', BATCH_NAMESPACE, 'get', 'pods']).items.filter((p) => p.status.phase === 'Running');
  const bytes = pods.reduce((s, p) => s + p.spec.containers.reduce((t, c) => t + bytesOf(c.resources?.requests?.memory ?? '0'), 0), 0);
  return { mi: `${Math.ceil(bytes / 2 ** 20)}Mi`, pods: pods.length };
}

test('/table/preview: the fit of the next table, and its warnings beside the guard', async ({ page }, info) => {
  test.setTimeout(300_000); // the preview reads 28 days of samples first
  const now = batchRequestsNow();
  const allocatable = kubectlJson<{ status: { allocatable: { memory: string } } }>(['get', 'node', BATCH_NODE]).status.allocatable.memory;
  await page.goto('/table/preview');
  const verdict = page.getByTestId('guard-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'written', { timeout: 120_000 });
  // it writes, but its box is not green while it lists what the write would break
  await expect(verdict).toHaveAttribute('data-tone', 'amber');
  await expect(verdict.getByRole('heading')).toHaveText('The job would write this table, but not all its next pods would run');
  await expect(verdict.getByTestId('fit-warnings')).toContainText(
    /Would write, but namespace batch goes over its quota: .+ next pods are refused\./,
  );
  await expect(verdict.getByTestId('fit-warnings')).toContainText(`node ${BATCH_NODE} is over-committed`);

  const panel = page.getByTestId('fit-panel');
  await expect(panel.getByTestId('fit-source')).toHaveAttribute('data-source', 'preview');
  const node = panel.locator(`[data-testid="fit-node"][data-node="${BATCH_NODE}"]`);
  await expect(node).toHaveAttribute('data-over', 'yes');
  await expect(node.getByTestId('fit-allocatable')).toHaveText(allocatable);
  await expect(node.getByTestId('fit-now')).toHaveText(`${now.mi} (${now.pods} pods)`);
  await expect(node.getByTestId('fit-top')).toContainText('batch/big');
  await expect(panel.getByTestId('fit-nowhere-pod')).toHaveAttribute('data-pod', /^batch\/big-/);
  const quota = panel.locator(`[data-testid="fit-quota"][data-quota="batch/${BATCH_QUOTA.name}"]`);
  await expect(quota).toHaveAttribute('data-over', 'yes');
  await expect(quota.getByTestId('fit-quota-now')).toHaveText(now.mi);
  for (const w of ['ingest', 'etl', 'big'])
    await expect(quota.locator(`[data-testid="fit-refused"][data-workload="${w}"]`)).toContainText(`${w}'s next pod is refused`);
  await expect(panel.locator('[data-testid="fit-breach"][data-workload="trim"]')).toHaveAttribute('data-kind', 'ratio');
  await expect(panel.getByTestId('fit-notes')).toContainText('2200M is 2099Mi');
  await expect(panel).toContainText('affinity, topology spread and pod overhead are not');
  await panel.screenshot({ path: info.outputPath('fit-preview.png') });
});

test("a workload's page and the home page take the preview's rows, and say so", async ({ page }, info) => {
  await page.goto('/workloads/batch/ingest');
  const panel = page.getByTestId('fit-panel');
  await expect(panel.getByTestId('fit-source')).toHaveAttribute('data-source', 'preview');
  await expect(panel.getByTestId('fit-node')).toHaveAttribute('data-node', BATCH_NODE);
  await expect(panel.getByTestId('fit-refused')).toHaveAttribute('data-workload', 'ingest');
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.screenshot({ path: info.outputPath('fit-workload-phone.png') });

  await page.goto('/');
  const home = page.getByTestId('fit-panel');
  await expect(home.getByTestId('fit-source')).toHaveAttribute('data-source', 'preview');
  await expect(home.locator(`[data-testid="fit-node"][data-node="${BATCH_NODE}"]`)).toHaveAttribute('data-over', 'yes');
});

test("a node's allocatable reads as a person would say it: 64Ti, not 67108864Mi", async ({ page }) => {
  const nodes = kubectlJson<{ items: Array<{ metadata: { name: string }; status: { allocatable: { memory: string } } }> }>([
    'get',
    'nodes',
  ]).items;
  const large = nodes.find((n) => bytesOf(n.status.allocatable.memory) >= 1024 ** 4);
  if (!large) throw new Error("precondition: a node of the local cluster with 1Ti or more allocatable (KWOK's)");
  await page.goto('/');
  const cell = page.locator(`[data-testid="fit-node"][data-node="${large.metadata.name}"] [data-testid="fit-allocatable"]`);
  // at most five digits and a unit, whatever the node says in its own unit
  await expect(cell).toHaveText(/^\d{1,5}(\.\d)?Ti$/, { timeout: 30_000 });
  await expect(page.locator(`[data-testid="fit-node"][data-node="${BATCH_NODE}"] [data-testid="fit-allocatable"]`)).toHaveText(
    kubectlJson<{ status: { allocatable: { memory: string } } }>(['get', 'node', BATCH_NODE]).status.allocatable.memory,
  );
});
