// Every link a page offers leads to a page: a test that checks only an href passes on a page that does not exist. And
// every link to a page or API of the cluster stays in the cluster (/c/local/…), not on a URL the server redirects.
import { expect, test } from '@playwright/test';
import { podOf } from '../../test/integration/cluster';
import { E2E_CLUSTER } from './every-page';

const PAGES = () =>
  ['/', '/webhook', '/table', '/table/snapshots', '/pods', `/pods/shop/${podOf('shop', 'web')}`, '/workloads/shop/web'].map(
    (path) => `/c/${E2E_CLUSTER}${path === '/' ? '' : path}`,
  );
/** The server's own links, about no cluster. */
const SERVER_WIDE = /^\/(healthz|readyz|metrics|auth\/)/;

test("every link of memdash's pages to memdash answers 200", async ({ page }) => {
  test.setTimeout(180_000);
  const links = new Set<string>();
  for (const path of PAGES()) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    hrefs.forEach((href) => links.add(href.split('#')[0]!));
  }
  const outside = [...links].filter((href) => !href.startsWith(`/c/${E2E_CLUSTER}`) && !SERVER_WIDE.test(href));
  expect(outside).toEqual([]);
  // the webhook page links to the break-glass only while pod creation is refused: it is always a page to reach
  links.add(`/c/${E2E_CLUSTER}/break-glass`);
  const dead: string[] = [];
  for (const href of links) {
    const status = (await page.request.get(href)).status();
    if (status !== 200) dead.push(`${href} (${status})`);
  }
  expect(dead).toEqual([]);
});
