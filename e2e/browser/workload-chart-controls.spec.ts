// A workload chart an operator can read: a time range in the URL whose points span it (24 h drawn sample by sample,
// not 28 days thinned), legend entries that hide and show their line from the mouse or the keyboard, and the table's
// writes of the row marked where they were written. The write is this test's own (kubectl, one row, put back after);
// its time is kubectl's record of it and its version the store's, never the chart's.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { kubectl, kubectlJson, until } from '../../test/integration/cluster';
import { bytes } from '../../test/integration/scenario';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const drawingOf = (page: Page) => page.getByTestId('memory-chart').first().getByTestId('chart-drawing');
const timeOf = async (drawing: Locator, attribute: string) => Date.parse((await drawing.getAttribute(attribute)) ?? '');

/** The most vertices any pod's line has: points drawn, whatever the gaps of a pod that came or went. */
async function mostVertices(chart: Locator): Promise<number> {
  const paths = await chart.locator('.series-pod path').evaluateAll((ps) => ps.map((p) => p.getAttribute('d') ?? ''));
  return Math.max(0, ...paths.map((d) => (d.match(/[ML]/g) ?? []).length));
}

test('the range switch puts 24 h, 7 d or 28 d in the URL, and the points, axis and sentence follow it', async ({ page }) => {
  await page.goto('/workloads/payments/api');
  const range = page.getByTestId('chart-range');
  const chart = page.getByTestId('memory-chart').first();
  // the default is the snapshot's window, 28 days, as before
  await expect(range.getByRole('link', { name: '28 d' })).toHaveAttribute('aria-current', 'true');
  await expect(chart.locator('.series-pod path').first()).toBeVisible({ timeout: 30_000 });
  const wide = drawingOf(page);
  expect((await timeOf(wide, 'data-last-point')) - (await timeOf(wide, 'data-first-point'))).toBeGreaterThan(20 * DAY);
  const hourly = await mostVertices(chart);

  await range.getByRole('link', { name: '24 h' }).click();
  await expect(page).toHaveURL(/\/workloads\/payments\/api\?range=24h$/);
  await expect(range.getByRole('link', { name: '24 h' })).toHaveAttribute('aria-current', 'true');
  await expect(range.getByRole('link', { name: '28 d' })).not.toHaveAttribute('aria-current', /.+/);
  const drawing = drawingOf(page);
  await expect(drawing).toHaveAttribute('aria-label', /over 24 hours/);
  const now = Date.now();
  // the axis spans the last day, by the test's clock
  expect(Math.abs((await timeOf(drawing, 'data-end')) - now)).toBeLessThan(5 * 60_000);
  expect(Math.abs((await timeOf(drawing, 'data-start')) - (now - DAY))).toBeLessThan(5 * 60_000);
  const [first, last] = [await timeOf(drawing, 'data-first-point'), await timeOf(drawing, 'data-last-point')];
  expect(first).toBeGreaterThanOrEqual(now - DAY - 5 * 60_000);
  expect(last - first).toBeLessThanOrEqual(DAY);
  expect(last - first).toBeGreaterThan(HOUR);
  // a day of 300 s samples, not the day's 24 hourly points of the 28-day chart
  await expect(chart.locator('.series-pod path').first()).toBeVisible({ timeout: 30_000 });
  const fine = await mostVertices(chart);
  expect(fine).toBeGreaterThan(((last - first) / HOUR) * 6);
  expect(fine).toBeLessThanOrEqual(hourly * 2);
  const tick = chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(tick.first()).toHaveText(/^\d{2}:00$/);
  const ticks = await tick.allTextContents();
  expect(ticks.length).toBeGreaterThan(3);
  for (const tick of ticks) expect(tick).toMatch(/^\d{2}:00$/);
  await page.screenshot({ path: test.info().outputPath('range-24h.png'), fullPage: true });

  // a pasted URL shows the same range from the server's HTML, and 7 d spans a week
  const html = await (await page.request.get('/workloads/payments/api?range=7d')).text();
  expect(html).toMatch(/aria-current="true"[^>]*data-range="7d"|data-range="7d"[^>]*aria-current="true"/);
  await range.getByRole('link', { name: '7 d' }).click();
  await expect(page).toHaveURL(/\?range=7d$/);
  await expect(drawingOf(page)).toHaveAttribute('aria-label', /over 7 days/);
  const week = drawingOf(page);
  const weekSpan = (await timeOf(week, 'data-last-point')) - (await timeOf(week, 'data-first-point'));
  expect(weekSpan).toBeGreaterThan(6 * DAY);
  expect(weekSpan).toBeLessThanOrEqual(7 * DAY);

  // a range the switch does not have is refused, not shown as another
  expect((await page.request.get('/api/workloads/payments/api/memory?range=5y')).status()).toBe(400);
});

test('a legend entry hides and shows its line, by click or by keyboard, and says so with aria-pressed', async ({ page }) => {
  await page.goto('/workloads/payments/api');
  const chart = page.getByTestId('memory-chart').first();
  await expect(chart.locator('.series-pod path').first()).toBeVisible({ timeout: 30_000 });
  const toggle = (series: string) => chart.locator(`[data-testid="legend-item"][data-series="${series}"] button`);

  await expect(toggle('limit')).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.locator('.series-limit')).toHaveCount(1);
  await toggle('limit').click();
  await expect(toggle('limit')).toHaveAttribute('aria-pressed', 'false');
  await expect(chart.locator('.series-limit')).toHaveCount(0);
  await expect(chart.locator('.series-request')).toHaveCount(1);

  // the keyboard: Enter brings the limit back, Space hides the request
  await toggle('limit').focus();
  await page.keyboard.press('Enter');
  await expect(toggle('limit')).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.locator('.series-limit')).toHaveCount(1);
  await toggle('request').focus();
  await page.keyboard.press('Space');
  await expect(toggle('request')).toHaveAttribute('aria-pressed', 'false');
  await expect(chart.locator('.series-request')).toHaveCount(0);

  // a pod's working set too
  const pods = await chart.locator('.series-pod').count();
  await chart.locator('[data-testid="legend-item"][data-series="pod"] button').first().click();
  await expect(chart.locator('.series-pod')).toHaveCount(pods - 1);
});

// A row of its own workload: one container, one pod, samples in Prometheus, read by no other browser test.
const WORKLOAD = { namespace: 'shop', name: 'search' };
const ROW = 'shop_search_search';

interface TableObject {
  data?: Record<string, string>;
  metadata: { managedFields?: Array<{ manager?: string; time?: string; fieldsV1?: { 'f:data'?: Record<string, unknown> } }> };
}

/**
 * Writes the row as kubectl does (a JSON patch, as patchTableRow) and answers when the API server says that write
 * was made: the time of the managedFields entry owning the row in the object the patch returned. Other tests write
 * the shared table too; the patch's own answer is this write's, whatever comes after it. With `expected`, the row
 * is written only if it still holds that value (a JSON patch `test`), so a later write by another is left alone.
 */
function writeRow(value: string, expected?: string): string | null {
  const ops = [
    ...(expected ? [{ op: 'test', path: `/data/${ROW}`, value: expected }] : []),
    { op: 'replace', path: `/data/${ROW}`, value },
  ];
  let answer: TableObject;
  try {
    const args = ['-n', 'kyverno-prd', 'patch', 'configmap', 'memory-requests', '--type=json', '-p', JSON.stringify(ops)];
    answer = JSON.parse(kubectl([...args, '-o', 'json', '--show-managed-fields'], 'admin')) as TableObject;
  } catch (err) {
    if (expected && /rejected our request due to an error in our request/.test(String((err as { stderr?: string }).stderr))) return null;
    throw err;
  }
  const owner = (answer.metadata.managedFields ?? []).find((m) => m.fieldsV1?.['f:data']?.[`f:${ROW}`] !== undefined && m.time);
  if (!owner) throw new Error(`the patch's answer has no managedFields entry owning ${ROW}`);
  return new Date(owner.time!).toISOString();
}

/** The store's version in force from `at`, once the recorder has it (GET /api/table/snapshots). */
async function versionAt(page: Page, at: string): Promise<number> {
  return until(
    `the recorded version in force from ${at}`,
    async () => {
      const { snapshots } = (await (await page.request.get('/api/table/snapshots')).json()) as {
        snapshots: Array<{ id: number; inForceFrom: string }>;
      };
      return snapshots.find((s) => Date.parse(s.inForceFrom) === Date.parse(at))?.id;
    },
    30_000,
  );
}

/**
 * The mark of `version` on the chart: its label's data, and where the marks' lines stand along the time axis (0–1):
 * the label is drawn in a layer of its own, so the line is found by its place, not inside the label.
 */
async function markOf(chart: Locator, version: number) {
  const label = chart.locator(`[data-testid="chart-write"][data-version="${version}"]`);
  await expect(label).toHaveCount(1);
  const axis = chart.locator('.recharts-xAxis line.recharts-cartesian-axis-line');
  const [left, right] = [Number(await axis.getAttribute('x1')), Number(await axis.getAttribute('x2'))];
  const xs = await chart.locator('.chart-write line').evaluateAll((ls) => ls.map((l) => Number(l.getAttribute('x1'))));
  return {
    label,
    at: await label.getAttribute('data-at'),
    text: await label.locator('text').textContent(),
    lines: xs.map((x) => (x - left) / (right - left)),
  };
}

test("a write of the workload's row is marked on its chart at the time it was written, with its version and value", async ({ page }) => {
  const original = kubectlJson<TableObject>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']).data?.[ROW];
  if (!original || !/^\d+Mi$/.test(original)) throw new Error(`precondition: the table's row ${ROW} is a Mi value (it is ${original})`);
  const changed = `${bytes(original)! / 1024 / 1024 + 1}Mi`;
  await page.goto('/api/table/snapshots'); // the server, and with it the recorder, has started
  try {
    const writtenAt = writeRow(changed)!;
    const version = await versionAt(page, writtenAt);

    await page.goto(`/workloads/${WORKLOAD.namespace}/${WORKLOAD.name}?range=24h`);
    const chart = page.getByTestId('memory-chart').first();
    await expect(chart.locator('.series-pod path').first()).toBeVisible({ timeout: 30_000 });
    const mark = await markOf(chart, version);
    expect(mark.at).toBe(writtenAt);
    expect(mark.text).toBe(`v${version} ${changed}`);
    // along the last 24 hours by the test's clock: the write was a moment ago
    const expected = 1 - (Date.now() - Date.parse(writtenAt)) / DAY;
    expect(
      mark.lines.some((along) => Math.abs(along - expected) < 0.02),
      `marks at ${mark.lines.join(', ')}`,
    ).toBe(true);
    await expect(chart.locator('[data-testid="legend-item"][data-series="write"]')).toContainText("the table's writes of this row");
    await page.screenshot({ path: test.info().outputPath('write-marked.png'), fullPage: true });
  } finally {
    // put back, unless another writer has written the row since
    writeRow(original, changed);
  }
});

/** The OKLCH hue, in degrees, of a computed `rgb(r, g, b)` colour (Björn Ottosson's OKLab, from sRGB). */
function hueOf(rgb: string): number {
  const [r, g, b] = rgb
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const bb = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return ((Math.atan2(bb, a) * 180) / Math.PI + 360) % 360;
}

test("in dark, no pod's line takes the request line's colour (a workload of twelve pods)", async ({ browser }, info) => {
  const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1280, height: 1000 } });
  await context.addCookies([{ name: 'memdash-theme', value: 'dark', url: info.project.use.baseURL! }]);
  const page = await context.newPage();
  await page.goto('/workloads/shop/kafka');
  const chart = page.getByTestId('memory-chart').first();
  await expect(chart.locator('.series-pod path')).toHaveCount(12, { timeout: 30_000 });
  const request = await chart.locator('.series-request line').evaluate((e) => getComputedStyle(e).stroke);
  const pods = await chart.locator('.series-pod path').evaluateAll((ps) => ps.map((p) => getComputedStyle(p).stroke));
  await chart.screenshot({ path: info.outputPath('kafka-dark.png') });
  for (const pod of pods) {
    const apart = Math.abs(hueOf(pod) - hueOf(request));
    // 60°: amber and lime (the two read as one line where they cross) are 47° apart
    expect(Math.min(apart, 360 - apart), `a pod's ${pod} against the request's ${request}`).toBeGreaterThanOrEqual(60);
  }
  await context.close();
});
