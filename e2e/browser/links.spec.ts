// Every link a page offers leads to a page: a test that checks only an href passes on a page that does not exist.
import { expect, test } from '@playwright/test';
import { podOf } from '../../test/integration/cluster';

const PAGES = () => ['/', '/webhook', '/table', '/table/snapshots', '/pods', `/pods/shop/${podOf('shop', 'web')}`, '/workloads/shop/web'];

test("every link of memdash's pages to memdash answers 200", async ({ page }) => {
  test.setTimeout(180_000);
  const links = new Set<string>();
  for (const path of PAGES()) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    hrefs.forEach((href) => links.add(href.split('#')[0]!));
  }
  // the webhook page links to the break-glass only while pod creation is refused: it is always a page to reach
  links.add('/break-glass');
  const dead: string[] = [];
  for (const href of links) {
    const status = (await page.request.get(href)).status();
    if (status !== 200) dead.push(`${href} (${status})`);
  }
  expect(dead).toEqual([]);
});
