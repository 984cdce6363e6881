// The history pages in Chromium against the local cluster: today's table, the recorded versions with an import,
// a diff with its export, and a workload's page with its chart. Screenshots go to test-results/ to be looked at.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { backfilledP90Mi } from '../../test/integration/backfill';
import { kubectlJson } from '../../test/integration/cluster';
import { bytes } from '../../test/integration/scenario';

const table = () => kubectlJson<{ data?: Record<string, string> }>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']);

test("/table shows every row of today's table, searchable", async ({ page }) => {
  const rows = Object.keys(table().data ?? {});
  await page.goto('/table');
  await expect(page.getByTestId('shown-count')).toContainText(`of ${rows.length} rows shown`);
  await page.getByLabel('Search key').fill('shop_web_');
  await expect(page.getByTestId('table-row').first()).toHaveAttribute('data-key', /^shop_web_/);
  await page.getByLabel('Search key').fill('');
  await page.getByLabel('Sort').selectOption('size-desc');
  // the largest rows first, as the ConfigMap's own quantities order them (ties by key)
  const data = table().data ?? {};
  const largest = Object.keys(data)
    .sort((a, b) => bytes(data[b]!)! - bytes(data[a]!)! || a.localeCompare(b))
    .slice(0, 8);
  await expect(page.getByTestId('table-row').first()).toHaveAttribute('data-key', largest[0]!);
  expect((await page.getByTestId('table-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')))).slice(0, 8)).toEqual(
    largest,
  );
  await page.screenshot({ path: test.info().outputPath('table.png'), fullPage: true });
});

test('an imported saved table becomes a version, and the diff against today exports as CSV', async ({ page }, info) => {
  const saved = kubectlJson<Record<string, unknown> & { data: Record<string, string> }>([
    '-n',
    'kyverno-prd',
    'get',
    'configmap',
    'memory-requests',
  ]);
  const [first] = Object.keys(saved.data).sort();
  const file = info.outputPath('memory-requests-2026-11-01.json');
  writeFileSync(file, JSON.stringify({ ...saved, data: { ...saved.data, [first!]: '1Mi' } }));

  await page.goto('/table/snapshots');
  await page.getByLabel('Saved table file').setInputFiles(file);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('import-message')).toContainText('dated 2026-11-01T00:00:00Z');
  // the store outlives a run (and other tests import tables too): find this import by its file, not its place
  const imported = page.getByTestId('snapshot').filter({ hasText: 'imported (memory-requests-2026-11-01.json)' });
  await expect(imported).toHaveCount(1);
  await page.screenshot({ path: info.outputPath('snapshots.png'), fullPage: true });

  const versions = page.getByTestId('snapshot');
  const importedId = await imported.getAttribute('data-version');
  const newestId = await versions.first().getAttribute('data-version');
  await page.goto(`/table/diff?from=${importedId}&to=${newestId}`);
  await expect(page.getByTestId('diff-changed').getByTestId('diff-row').first()).toHaveAttribute('data-key', first!);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.split('\n')[0]).toBe('change,key,namespace,workload,container,from,to,delta_mi,delta_percent');
  expect(csv).toContain(`changed,${first},`);
  await page.screenshot({ path: info.outputPath('diff.png'), fullPage: true });
});

test('a workload page draws its working set with the row, request and limit', async ({ page }) => {
  const to = Math.floor(Date.now() / 1000);
  await page.goto('/workloads/payments/api');
  const chart = page.getByTestId('memory-chart').first();
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await expect(chart.locator('.recharts-line path').first()).toBeVisible();
  // the p90 of the samples the backfill wrote in the page's 28 days (its window ends a moment after `to`)
  const expected = await backfilledP90Mi('payments', 'api', 'api', to - 28 * 86400, to + 60);
  const shown = Number((await chart.getByTestId('p90').textContent())?.match(/^(\d+)Mi$/)?.[1]);
  expect(Math.abs(shown - expected)).toBeLessThanOrEqual(Math.max(2, expected * 0.01));
  await expect(page.getByTestId('workload-pods')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('workload.png'), fullPage: true });
});

test("a workload without samples says so in the chart's place, and the page still works", async ({ page }) => {
  await page.goto('/workloads/shop/fresh-api');
  await expect(page.getByTestId('no-samples')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('rows-now')).toContainText('no row');
});
