// /workloads that does not cry wolf: pods the webhook skips are no drift, workloads without a row are listed, marked.
import { expect, test } from '@playwright/test';
import { scenarioWorkload } from '../../test/integration/scenario';

test('/workloads counts no drift for a pod the webhook skips, and lists a workload without a row, marked', async ({ page }) => {
  // the scenario's kubecoder pod: a row of its own, a request of 0, and a label the webhook skips
  const kubecoder = scenarioWorkload('tools', 'kubecoder-alice');
  if (!kubecoder.rows?.ide) throw new Error('precondition: the scenario gives tools/kubecoder-alice a row');
  await page.goto('/workloads');
  const row = page.locator('[data-testid="workload"][data-workload="tools/kubecoder-alice"]');
  await expect(row).toBeVisible();
  await expect(row.locator('td').nth(2)).toHaveText('1');
  await expect(row.locator('td').nth(4)).toHaveText('0');
  // kube-system's pods are skipped: no row is by design there, so they are not listed as "no row"
  await expect(page.locator('[data-testid="workload"][data-workload="kube-system/coredns"]')).toHaveCount(0);
  const fresh = page.locator('[data-testid="workload"][data-workload="shop/fresh-api"]');
  await expect(fresh.getByTestId('no-row')).toHaveText('(no row)');
});
