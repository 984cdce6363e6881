// Every page as the on-call engineer opens it: axe-core (WCAG 2.2 AA) light and dark, no sideways scrolling on a
// 390 px phone, the colour-scheme switch kept across pages. Screenshots go to test-results/ to be looked at.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { kubectlJson } from '../../test/integration/cluster';
import { EVERY_PAGE } from './every-page';

// every test opens its own pages and changes nothing: with more than one worker they share out (playwright.config.ts)
test.describe.configure({ mode: 'parallel' });

function aPodOf(namespace: string, workloadLabel: string): string {
  const pods = kubectlJson<{ items: Array<{ metadata: { name: string } }> }>(['-n', namespace, 'get', 'pods', '-l', workloadLabel]).items;
  if (pods.length === 0)
    throw new Error(`precondition: no pod in ${namespace} with ${workloadLabel}: the local cluster's scenario is not loaded`);
  return `/pods/${namespace}/${pods[0]!.metadata.name}`;
}

// the pages, and a workload that is not there (its 404 page is a page too)
const PAGES = [...EVERY_PAGE, '/workloads/shop/no-such-workload'];

const pages = () => [...PAGES, aPodOf('payments', 'app.kubernetes.io/name=api')];

/** The page, settled: its client parts have asked what they ask (charts, the preview stream) and drawn it. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

for (const scheme of ['light', 'dark'] as const) {
  for (const path of PAGES) {
    test(`axe-core: no serious or critical violation on ${path} (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await open(page, path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
  test(`axe-core: no serious or critical violation on a pod's page (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, aPodOf('payments', 'app.kubernetes.io/name=api'));
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no page scrolls sideways on a 390 px phone (${colorScheme}), and none writes a time with milliseconds`, async ({
    browser,
  }, info) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
    const page = await context.newPage();
    const wide: Record<string, number> = {};
    const milliseconds: Record<string, string> = {};
    for (const path of pages()) {
      await open(page, path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wide[path] = width;
      // the pod page's containers: their sentences wrap on the screen, not cut at the edge of a sideways-scrolling box
      const box = page.getByTestId('containers-box');
      if ((await box.count()) > 0) {
        const { scroll, client } = await box.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
        if (scroll > client) wide[`${path} (containers)`] = scroll;
      }
      // one time form on every page, to the second ("2026-12-01 11:52:43 UTC"), never ".000Z" (times.spec.ts reads it)
      const fraction = (await page.locator('body').innerText()).match(/\d{2}:\d{2}:\d{2}\.\d+Z?/);
      if (fraction) milliseconds[path] = fraction[0];
      const name = path.replace(/[/?=]/g, '_');
      await page.screenshot({ path: info.outputPath(`phone-${colorScheme}${name}.png`), fullPage: true });
    }
    expect(wide).toEqual({});
    expect(milliseconds).toEqual({});
    await context.close();
  });
}

test('the colour-scheme switch turns every page dark from its first byte, and "system" follows the system again', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.getByTestId('theme-switch').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // the next page comes from the server already dark: the attribute is in its HTML, not set by a script after
  const html = await (await page.request.get('/pods')).text();
  expect(html).toMatch(/<html[^>]*data-theme="dark"/);
  await page.goto('/pods');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(luminance(background)).toBeLessThan(0.1);
  await page.getByTestId('theme-switch').selectOption('system');
  await page.goto('/table');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
  expect(luminance(await page.evaluate(() => getComputedStyle(document.body).backgroundColor))).toBeGreaterThan(0.8);
});

test('the navigation marks the current page, a skip link leads to the content, and the favicon is served', async ({ page, request }) => {
  await page.goto('/table/diff');
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Table', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  expect((await request.get('/favicon.svg')).status()).toBe(200);
  expect((await request.get('/favicon.ico')).status()).toBe(200);
});

/** Relative luminance (0 black – 1 white) of a computed CSS colour: rgb(), oklch() or lab() (Chromium computes a
 * light-dark() palette colour as lab(L a b), L from 0 to 100). */
function luminance(css: string): number {
  const oklch = /^oklch\(([\d.]+)%?/.exec(css);
  if (oklch) {
    const l = Number(oklch[1]);
    return (l > 1 ? l / 100 : l) ** 3;
  }
  const lab = /^lab\(([\d.]+)%?/.exec(css);
  if (lab) return ((Number(lab[1]) + 16) / 116) ** 3;
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
