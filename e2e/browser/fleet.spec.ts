// The fleet page with two clusters: run with the server reading both, which needs both up and their file named, e.g.
//   npm run cluster -- up --clusters 2
//   MEMDASH_CLUSTERS=$PWD/.cluster/clusters.yaml npx playwright test e2e/browser/fleet.spec.ts
// (playwright.config.ts passes the environment on to `next start`). A table on a desktop, a card per cluster on a
// 390 px phone, readable in dark, each cell a link into its cluster, the rows read again while the page is open.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { parse } from 'yaml';
import { bin } from '../cluster/lib/paths.ts';

const PHONE = { width: 390, height: 844 };

interface Entry {
  name: string;
  kubeconfig: string;
}

/** The clusters the server reads, from the file it was given; fails naming the precondition without one. */
function clustersOfServer(): Entry[] {
  const file = process.env.MEMDASH_CLUSTERS;
  if (!file) throw new Error('precondition: MEMDASH_CLUSTERS names the two clusters (npm run cluster -- up --clusters 2)');
  const entries = (parse(readFileSync(file, 'utf8')) as { clusters: Entry[] }).clusters;
  if (entries.length < 2) throw new Error(`precondition: ${file} names fewer than two clusters`);
  return entries;
}

/** The API server's version as the cluster itself says, with its own kubeconfig. */
const versionOf = (entry: Entry): string =>
  (
    JSON.parse(
      execFileSync(bin('kubectl'), [`--kubeconfig=${entry.kubeconfig}`, 'version', '-o', 'json'], { encoding: 'utf8', timeout: 30_000 }),
    ) as { serverVersion: { gitVersion: string } }
  ).serverVersion.gitVersion;

test('on a desktop, a row per cluster, each cell a link into its own cluster', async ({ page }) => {
  const entries = clustersOfServer();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  const table = page.getByTestId('fleet-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('fleet-cards')).toBeHidden();
  for (const entry of entries) {
    const row = table.locator(`[data-testid="fleet-row"][data-cluster="${entry.name}"]`);
    await expect(row.locator('[data-cell="apiServer"]')).toHaveText(versionOf(entry));
    const hrefs = await row.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThanOrEqual(10);
    for (const href of hrefs) expect(href).toMatch(new RegExp(`^/c/${entry.name}(/|$)`));
    await expect(row.locator('[data-cell="table"] a')).toHaveAttribute('href', `/c/${entry.name}/table`);
  }
});

test('the rows are read again while the page is open', async ({ page }) => {
  clustersOfServer();
  await page.goto('/');
  const fleet = page.getByTestId('fleet');
  const first = await fleet.getAttribute('data-read-at');
  await expect(fleet).not.toHaveAttribute('data-read-at', first!, { timeout: 20_000 });
});

async function phone(browser: Browser, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ viewport: PHONE, colorScheme, hasTouch: true, isMobile: true });
  return context.newPage();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`at 390 px a card per cluster, nothing scrolls sideways, axe finds nothing serious (${colorScheme})`, async ({ browser }) => {
    const entries = clustersOfServer();
    const page = await phone(browser, colorScheme);
    await page.goto('/');
    await expect(page.getByTestId('fleet-table')).toBeHidden();
    const cards = page.getByTestId('fleet-card');
    await expect(cards).toHaveCount(entries.length);
    expect((await cards.evaluateAll((all) => all.map((c) => c.getAttribute('data-cluster')))).sort()).toEqual(
      entries.map((e) => e.name).sort(),
    );
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const result = await new AxeBuilder({ page }).include('[data-testid="fleet"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
