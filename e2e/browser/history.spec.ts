// The history pages in Chromium against the local cluster: today's table, the recorded versions with an import,
// a diff with its export, and a workload's page with its chart. Screenshots go to test-results/ to be looked at.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { backfilledP90Mi } from '../../test/integration/backfill';
import { kubectlJson, savedTable } from '../../test/integration/cluster';
import { bytes, scenarioWorkload } from '../../test/integration/scenario';
import { GuardedButton, tokenOf } from './write-page';

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

test('/table shows the first rows its server sent at once, and searches every row once they come', async ({ page }) => {
  const rows = Object.keys(table().data ?? {});
  // Every row comes from /api/table after the page runs: held back here, the page works on what its HTML carried.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/table', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/table?sort=size-desc');
  await expect(page.getByTestId('shown-count')).toHaveText(`${rows.length} of ${rows.length} rows shown`);
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await page.getByLabel('Search key').fill('shop web');
  await expect(page.getByTestId('shown-count')).toHaveText('Reading every row…');
  release();
  const shopWeb = rows.filter((key) => key.includes('shop_web'));
  await expect(page.getByTestId('shown-count')).toHaveText(`${shopWeb.length} of ${rows.length} rows shown`);
  await expect(page).toHaveURL(/[?&]q=shop\+web/);
});

test('an imported saved table becomes a version, and the diff against today exports as CSV', async ({ page }, info) => {
  const saved = savedTable();
  const [first] = Object.keys(saved.data).sort();
  const file = info.outputPath('memory-requests-2026-11-01.json');
  writeFileSync(file, JSON.stringify({ ...saved, data: { ...saved.data, [first!]: '1Mi' } }));

  await page.goto('/table/snapshots');
  await page.getByLabel('Saved table file').setInputFiles(file);
  // an import is a write: the viewer may not patch the table, so the cluster's answer is shown before and after
  const action = new GuardedButton(page.getByTestId('import-action'));
  await action.useToken(tokenOf('viewer'));
  await action.expectMay(/may not patch configmaps memory-requests in kyverno-prd/);
  await action.button(/^Import$/).click();
  await expect(action.section.getByTestId('action-error')).toHaveAttribute('data-error', 'forbidden');
  await action.section.getByRole('button', { name: 'Forget it' }).click();
  await action.useToken(tokenOf('operator'));
  await action.expectMay(/may patch configmaps memory-requests in kyverno-prd/);
  await action.button(/^Import$/).click();
  await expect(page.getByTestId('import-message')).toContainText('dated 2026-11-01 00:00:00 UTC');
  // the store outlives a run (and other tests import tables too): find this import by its file, not its place; it is
  // listed with the imports, apart from the recorded versions
  const imported = page
    .getByTestId('imported-versions')
    .getByTestId('snapshot')
    .filter({ hasText: 'imported (memory-requests-2026-11-01.json)' });
  await expect(imported).toHaveCount(1);
  await expect(page.getByTestId('snapshots').getByText('memory-requests-2026-11-01.json')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('snapshots.png'), fullPage: true });

  const versions = page.getByTestId('snapshots').getByTestId('snapshot');
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
  // each size is drawn and named in the legend with its value; the axis reaches above the highest (the limit)
  // a level line has no height, so "visible" is asked of its place: inside the plot, between the axis' ends
  const yTicks = await chart
    .locator('.recharts-yAxis .recharts-cartesian-axis-tick-line')
    .evaluateAll((ls) => ls.map((l) => Number(l.getAttribute('y1'))));
  const [plotTop, plotBottom] = [Math.min(...yTicks), Math.max(...yTicks)];
  for (const kind of ['limit', 'request', 'p90']) {
    const y = Number(await chart.locator(`.series-${kind} line`).getAttribute('y1'));
    expect({ kind, inside: y > plotTop && y < plotBottom }).toEqual({ kind, inside: true });
  }
  // the row's step line is flat while the row did not change, so it too is asked for its path, not its visibility
  const rowPath = (await chart.locator('.series-row path').first().getAttribute('d')) ?? '';
  const rowY = Number(/^M[\d.]+,([\d.]+)L/.exec(rowPath)?.[1]);
  expect(rowY > plotTop && rowY < plotBottom).toBe(true);
  const legend = chart.getByTestId('legend-item');
  expect(await legend.evaluateAll((items) => items.map((i) => i.getAttribute('data-series')).slice(0, 4))).toEqual([
    'limit',
    'request',
    'row',
    'p90',
  ]);
  await expect(legend.filter({ hasText: 'p90 now' })).toContainText(`${shown}Mi`);
  const pod = kubectlJson<{ items: Array<{ spec: { containers: Array<{ name: string; resources: { limits: { memory: string } } }> } }> }>([
    '-n',
    'payments',
    'get',
    'pods',
    '-l',
    'app.kubernetes.io/name=api',
  ]).items[0]!;
  // the scenario's limit, as the pod holds it (kubectl) and as the legend must name it
  const limit = scenarioWorkload('payments', 'api').containers.find((c) => c.name === 'api')!.limit!;
  expect(pod.spec.containers.find((c) => c.name === 'api')!.resources.limits.memory).toBe(limit);
  await expect(legend.filter({ hasText: 'limit' })).toContainText(limit);
  // Recharts 3 draws an axis' labels in a layer of their own, beside the axis' lines
  const ticks = await chart
    .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value, .recharts-yAxis .recharts-cartesian-axis-tick-value')
    .allTextContents();
  expect(ticks.length, 'the y-axis has labels to check').toBeGreaterThan(1);
  for (const tick of ticks) expect(tick).toMatch(/^(0|\d+)Mi$|^\d+(\.5)?Gi$/);
  await expect(chart).toContainText('hourly peaks, UTC');
  await page.screenshot({ path: test.info().outputPath('workload.png'), fullPage: true });
});

test('a row that differs from the p90 now is flagged under its chart', async ({ page }) => {
  const to = Math.floor(Date.now() / 1000);
  await page.goto('/workloads/payments/api');
  const chart = page.getByTestId('memory-chart').first();
  const row = table().data?.['payments_api_api'];
  if (!row) throw new Error('precondition: the table has no row payments_api_api');
  // the scenario's working set (820Mi) keeps the backfill's p90 well below its row (900Mi): they always differ
  const p90 = await backfilledP90Mi('payments', 'api', 'api', to - 28 * 86400, to + 60);
  const tolerance = Math.max(2, p90 * 0.01);
  if (Math.abs(bytes(row)! / 2 ** 20 - p90) <= tolerance)
    throw new Error(`precondition: the row ${row} and the backfill's p90 ${p90}Mi must differ for this test`);
  const flag = chart.getByTestId('row-vs-p90');
  await expect(flag).toHaveAttribute('data-differs', 'true');
  const said = (await flag.textContent()) ?? '';
  const match = new RegExp(`today's row ${row} differs from the p90 now (\\d+)Mi`).exec(said);
  expect(match, said).not.toBeNull();
  expect(Math.abs(Number(match![1]) - p90)).toBeLessThanOrEqual(tolerance);
});

test('a workload that is not there is a 404 saying so, with the Ctrl-K hint; a name Kubernetes refuses too', async ({ page }) => {
  for (const path of ['/workloads/shop/no-such-workload', '/workloads/no-such-namespace/web', '/workloads/Shop/web']) {
    const response = await page.goto(path);
    expect({ path, status: response?.status() }).toEqual({ path, status: 404 });
    await expect(page.getByRole('heading', { name: 'No such workload' })).toBeVisible();
    await expect(page.getByTestId('error-state')).toContainText('Ctrl K');
    await expect(page.getByTestId('error-state')).not.toContainText('HTTP');
  }
});

test('/workloads lists rows against the p90 now, pods, stale and drifted counts, sortable with the sort in the URL', async ({ page }) => {
  await page.goto('/workloads');
  const api = page.locator('[data-testid="workload"][data-workload="payments/api"]');
  await expect(api).toBeVisible();
  await expect(page.getByTestId('p90-state')).toContainText('p90 now: computed', { timeout: 60_000 });
  await expect(api.getByTestId('row-vs-p90')).toContainText(/api \d+Mi → \d+Mi \([+-]?\d+\.\d%\)/);
  const apiPods = kubectlJson<{ items: unknown[] }>(['-n', 'payments', 'get', 'pods', '-l', 'app.kubernetes.io/name=api']).items.length;
  await expect(api.locator('td').nth(2)).toHaveText(String(apiPods));
  await page.getByTestId('sort-pods').click();
  await expect(page).toHaveURL(/\/workloads\?sort=pods$/);
  const counts = await page.locator('[data-testid="workload"] td:nth-child(3)').allTextContents();
  expect(counts.map(Number)).toEqual([...counts.map(Number)].sort((a, b) => b - a));
  await page.reload();
  await expect(page.getByTestId('sort-pods').locator('..')).toHaveAttribute('aria-sort', 'descending');
});

test('/workloads: the search keeps the workloads holding every word, is in the URL, and a pasted URL shows the same list', async ({
  page,
}) => {
  await page.goto('/workloads');
  await expect(page.getByTestId('workload').first()).toBeVisible();
  const all = await page.getByTestId('workload').count();
  await page.getByTestId('workload-search').fill('payments api');
  await expect(page.getByTestId('workload')).toHaveCount(1);
  await expect(page.getByTestId('workload')).toHaveAttribute('data-workload', 'payments/api');
  await expect(page.getByTestId('workloads-shown')).toHaveText(/Showing 1 of 1 matching the search/);
  await expect(page).toHaveURL(/\/workloads\?q=payments\+api$/);
  // the page as the server sends it for that URL: only the match, before any script runs
  const html = await (await page.request.get('/workloads?q=payments+api')).text();
  expect(html.match(/data-testid="workload" data-workload=/g)).toHaveLength(1);
  await page.getByTestId('workload-search').fill('');
  await expect(page.getByTestId('workload')).toHaveCount(all);
  await page.getByTestId('workload-search').fill('no-such-workload-anywhere');
  await expect(page.getByTestId('workloads-shown')).toHaveText(/No workload matches the search/);
});

test("a workload without samples says so in the chart's place, and the page still works", async ({ page }) => {
  await page.goto('/workloads/shop/fresh-api');
  await expect(page.getByTestId('no-samples')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('rows-now')).toContainText('no row');
});

test('a diff of a version that is not recorded names the version, and leads to the recorded ones', async ({ page }) => {
  const response = await page.goto('/table/diff?from=1&to=999999');
  expect(response?.status()).toBe(404);
  const error = page.getByTestId('error-state');
  await expect(error).toHaveAttribute('data-error', 'not-found');
  await expect(error).toContainText('No such version of the table');
  await expect(error).toContainText('999999');
  await expect(page.getByRole('link', { name: 'Recorded versions' })).toHaveAttribute('href', '/c/local/table/snapshots');
});
