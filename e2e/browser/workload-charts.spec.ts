// A workload's charts come with its page: the server reads Prometheus beside the history and sends the charts' data
// in the page, so the captions are in its HTML and the browser only loads the chart library to draw. A Prometheus
// that is down or slow shows in the charts' section only: the rest of the page is there at once.
import { expect, test } from '@playwright/test';
import { startMemdash, stopMemdash } from '../../bench/harness';
import { backfilledP90Mi } from '../../test/integration/backfill';
import { requireCluster } from '../../test/integration/cluster';
import { closedPrometheus, slowedPrometheus } from '../../test/integration/prometheus-in-front';
import { prometheusUrl } from '../cluster/lib/prometheus';

test("the server's HTML holds the charts' captions, and the browser draws them without reading the route again", async ({ page }) => {
  const to = Math.floor(Date.now() / 1000);
  // plain HTTP, no JavaScript: what a first paint can show
  const html = await (await page.request.get('/workloads/payments/api')).text();
  expect(html).toContain('data-testid="memory-chart" data-container="api"');
  expect(html).toContain('hourly peaks, UTC');
  const inHtml = Number(/data-testid="p90">(\d+)Mi</.exec(html)?.[1]);
  // the p90 of the samples the backfill wrote in the page's 28 days, computed apart from memdash
  const expected = await backfilledP90Mi('payments', 'api', 'api', to - 28 * 86400, to + 60);
  expect(Math.abs(inHtml - expected)).toBeLessThanOrEqual(Math.max(2, expected * 0.01));

  const routeReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/workloads/payments/api/memory') routeReads.push(request.url());
  });
  await page.goto('/workloads/payments/api');
  const chart = page.getByTestId('memory-chart').first();
  await expect(chart.locator('.recharts-line path').first()).toBeVisible({ timeout: 30_000 });
  await expect(chart.getByTestId('p90')).toHaveText(`${inHtml}Mi`);
  expect(routeReads).toEqual([]);
});

test('each chart is an image named by its conclusion: the p90 over 28 days against the request and limit', async ({ page }) => {
  const to = Math.floor(Date.now() / 1000);
  const expected = await backfilledP90Mi('payments', 'api', 'api', to - 28 * 86400, to + 60);
  await page.goto('/workloads/payments/api');
  const drawing = page.getByTestId('memory-chart').first().getByRole('img');
  const label = (await drawing.getAttribute('aria-label')) ?? '';
  const said =
    /^Working set of api of api in payments: p90 (\d+)Mi over 28 days, (under its \S+ request [\d.]+% of the time|no request); (limit \S+|no limit)$/.exec(
      label,
    );
  expect(said, `aria-label "${label}"`).not.toBeNull();
  expect(Math.abs(Number(said![1]) - expected)).toBeLessThanOrEqual(Math.max(2, expected * 0.01));
});

test('Prometheus down: the workload page is all there, and only the charts say why they are not drawn', async ({ page }) => {
  const url = await closedPrometheus();
  const server = await startMemdash({ MEMDASH_PROMETHEUS_URL: url });
  try {
    const response = await page.request.get(`${server.url}/workloads/payments/api`);
    expect(response.status()).toBe(200);
    // the message is in the server's HTML, inside the charts' section
    const html = await response.text();
    expect(html).toMatch(
      /Working set over the last 28 days<\/h2><nav [^>]*data-testid="chart-range".*?<\/nav><\/div><p [^>]*data-testid="chart-problem"/,
    );

    await page.goto(`${server.url}/workloads/payments/api`);
    const problem = page.getByTestId('chart-problem');
    await expect(problem).toContainText(`No chart: Prometheus cannot be reached at ${url}`);
    await expect(problem).toHaveCount(1);
    await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Working set over the last 28 days' }) })).toContainText(
      'The rest of the page does not need Prometheus.',
    );
    await expect(page.getByTestId('rows-now')).toContainText('payments_api_api');
    await expect(page.getByTestId('workload-pods')).toBeVisible();
    await expect(page.getByTestId('error-state')).toHaveCount(0);
  } finally {
    stopMemdash(server);
  }
});

test('Prometheus slow: the rows and pods come first, the charts stream into their section when Prometheus answers', async ({ page }) => {
  test.setTimeout(120_000);
  const slowed = await slowedPrometheus(prometheusUrl(requireCluster()), 10_000, 0);
  const server = await startMemdash({ MEMDASH_PROMETHEUS_URL: slowed.url });
  try {
    await page.goto(`${server.url}/workloads/payments/api`, { waitUntil: 'commit' });
    await expect(page.getByTestId('rows-now')).toContainText('payments_api_api', { timeout: 8_000 });
    await expect(page.getByTestId('workload-pods')).toBeVisible();
    await expect(page.getByTestId('charts-loading')).toContainText('Reading 28 days of working set from Prometheus…');
    await expect(page.getByTestId('memory-chart').first()).toContainText('hourly peaks, UTC', { timeout: 30_000 });
    await expect(page.getByTestId('charts-loading')).toHaveCount(0);
    expect(slowed.counts.started).toBeGreaterThan(0);
  } finally {
    stopMemdash(server);
    slowed.server.close();
  }
});
