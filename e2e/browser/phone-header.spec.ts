// The header on a phone (390 × 844, as the issue measured it): one row of memdash, whether pods can be created and a
// Menu; the pages and the tools open from the Menu, and close on the next page. On a desktop all of it stands in
// the row as before.
import { expect, test } from '@playwright/test';

const PHONE = { width: 390, height: 844 };
/** One row: a 44 px target and the header's padding, and a pixel of border. */
const ONE_ROW = 44 + 16 + 1;

test('at 390 px the header is one row: memdash, the pod creation state, and a Menu that opens the pages', async ({ browser }, info) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: PHONE, colorScheme });
    const page = await context.newPage();
    await page.goto('/webhook');
    const header = page.locator('header');
    const state = header.getByTestId('pod-creation-state');
    await expect(state).toBeVisible({ timeout: 30_000 });
    const box = (await header.boundingBox())!;
    expect(box.height, `the header's height at 390 px (${colorScheme})`).toBeLessThanOrEqual(ONE_ROW);
    const nav = page.getByRole('navigation', { name: 'Pages' });
    await expect(nav).toBeHidden();
    await page.screenshot({ path: info.outputPath(`phone-header-${colorScheme}.png`) });

    const menu = header.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(nav).toBeVisible();
    await expect(header.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    await expect(state).toBeVisible();
    for (const link of await nav.getByRole('link').all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: info.outputPath(`phone-menu-${colorScheme}.png`) });

    await nav.getByRole('link', { name: 'Pods' }).click();
    await expect(page).toHaveURL(/\/pods/);
    await expect(nav).toBeHidden();
    // Escape closes it too
    await header.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await context.close();
  }
});

test('on a desktop the pages, the state and the tools stand in the header without a Menu', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/webhook');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();
  await expect(page.locator('header').getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(page.locator('header').getByTestId('pod-creation-state')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('header').getByTestId('cluster-status')).toBeVisible();
});
