// How sure a row is, in Chromium against the local cluster: the preview lists the scenario's flagged rows with what
// each flag means for the next pod, then /table shows the figures the preview kept beside each row, and the pod page
// measures its workload's rows. Screenshots (desktop, 390 px phone, dark) go to test-results/.
import { expect, test } from '@playwright/test';

// a preview reads 28 days of every workload's samples first
test.describe.configure({ timeout: 240_000 });

test('the preview flags the scenario rows, and /table shows what it kept', async ({ page, browser }, info) => {
  await page.goto('/table/preview');
  await expect(page.getByTestId('guard-verdict')).toBeVisible({ timeout: 120_000 });
  const panel = page.getByTestId('preview-confidence');
  const kafka = panel.locator('[data-testid="flagged-row"][data-key="shop_kafka_broker"]');
  await expect(kafka).toHaveAttribute('data-flags', 'hot-pod');
  await expect(kafka).toContainText(/one pod far hotter than the pool: kafka-0's own p90 is \d\.\d× the pooled \d+Mi/);
  const spiky = panel.locator('[data-testid="flagged-row"][data-key="shop_thumbnailer_thumbnailer"]');
  await expect(spiky).toContainText(
    /spiky: the next pod's request covers 90 % of samples, but peaks reach \d\.\d× it; its limit decides\./,
  );
  await expect(panel.locator('[data-testid="flagged-row"][data-key="shop_recommender_recommender"]')).toHaveAttribute(
    'data-flags',
    'short-history',
  );
  await expect(panel.locator('[data-testid="flagged-row"][data-key="shop_web_app"]')).toHaveCount(0);
  await kafka.screenshot({ path: info.outputPath('preview-flagged-row.png') });

  await page.goto('/table?q=shop_');
  const row = (key: string) => page.locator(`[data-testid="table-row"][data-key="${key}"] [data-testid="confidence"]`);
  await expect(row('shop_thumbnailer_thumbnailer')).toHaveAttribute('data-flags', 'spiky');
  await expect(row('shop_kafka_broker')).toHaveAttribute('data-flags', 'hot-pod');
  await expect(row('shop_web_app')).toHaveAttribute('data-flags', '');
  await page.getByTestId('row-confidence').locator('summary').click();
  await expect(page.getByTestId('row-confidence').locator('[data-key="shop_recommender_recommender"]')).toContainText(
    /less than 7 days of data: the next pod's 2\d\dMi rests on [3-4](\.\d)? days of samples/,
  );
  await page.screenshot({ path: info.outputPath('table-desktop.png'), fullPage: true });

  for (const [name, options] of [
    ['phone', { viewport: { width: 390, height: 844 } }],
    ['dark', { colorScheme: 'dark' as const }],
  ] as const) {
    const context = await browser.newContext(options);
    const other = await context.newPage();
    await other.goto('/table?q=shop_');
    await expect(other.locator('[data-testid="table-row"][data-key="shop_kafka_broker"] [data-testid="confidence"]')).toBeVisible();
    await other.screenshot({ path: info.outputPath(`table-${name}.png`), fullPage: true });
    await context.close();
  }
});

test("the pod page measures its workload's rows from Prometheus", async ({ page }, info) => {
  await page.goto('/pods/shop/kafka-0');
  const card = page.getByTestId('workload-confidence');
  const broker = card.locator('[data-testid="container-confidence"][data-container="broker"]');
  await expect(broker).toContainText(/from 12 pods over 2\d\.\d days/, { timeout: 60_000 });
  await expect(broker.getByTestId('confidence')).toHaveAttribute('data-flags', 'hot-pod');
  await expect(broker.getByTestId('flag-meanings')).toContainText("kafka-0's own p90");
  await card.screenshot({ path: info.outputPath('pod-page-confidence.png') });
});
