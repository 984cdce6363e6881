// OOM kills, evictions and heap ceilings as a person sees them: on the OOM-killed pod's page, on the evicted pod's
// page, on orders/checkout's workload page (the marks on its chart, the list) and in /workloads' columns. What should
// show comes from kubectl and the scenario, never from memdash's code.
import { expect, test } from '@playwright/test';
import { OOM_PEAK_SECONDS } from '../cluster/lib/samples.ts';
import { bytes, requestAtCreation, scenarioWorkload } from '../../test/integration/scenario';
import { evictedPod, oomKilledPod, tableWrittenBefore } from '../../test/integration/terminations';

const Mi = 2 ** 20;

test('the OOM-killed pod shows its restart, the kill with its request, limit and row, and the JVM’s ceiling', async ({ page }) => {
  const pod = oomKilledPod();
  const checkout = scenarioWorkload('orders', 'checkout');
  const c = checkout.containers[0]!;
  const finishedAt = new Date(pod.status.containerStatuses[0]!.lastState!.terminated!.finishedAt).toISOString();
  await page.goto(`/pods/orders/${pod.metadata.name}`);
  const ends = page.getByTestId('pod-ends');
  const kill = ends.locator(`[data-testid="container-end"][data-container="checkout"][data-reason="OOMKilled"]`);
  await expect(kill).toHaveAttribute('data-at', finishedAt);
  await expect(kill.getByTestId('restarts')).toHaveText('1');
  await expect(kill.getByTestId('end-request')).toHaveText(`${requestAtCreation(checkout, c, true)! / Mi}Mi`);
  await expect(kill.getByTestId('end-limit')).toHaveText(`${bytes(c.limit)! / Mi}Mi`);
  // The row in force then is known when the table's data was last written before the kill. Otherwise it depends on
  // the run's history: the server's recorder starts with this run, but a table imported by an earlier spec
  // (import-cli) may cover the kill. Either way the only row checkout ever had is the scenario's: no other value.
  const row = kill.getByTestId('end-row');
  if (tableWrittenBefore(finishedAt)) await expect(row).toHaveText(checkout.rows!.checkout!);
  else await expect(row).toHaveText(new RegExp(`^(${checkout.rows!.checkout!}|not recorded then)$`));
  const xmxGi = Number(/-Xmx(\d+)g/.exec(c.env!.JAVA_TOOL_OPTIONS!)![1]);
  await expect(ends.getByTestId('heap-flag')).toHaveText(
    `checkout: the JVM may grow to ${xmxGi * 1024}Mi; the request is ${checkout.rows!.checkout}` +
      ` (JAVA_TOOL_OPTIONS: ${c.env!.JAVA_TOOL_OPTIONS})`,
  );
});

test('the evicted pod shows its eviction, the message and the kubelet’s Evicted event', async ({ page }) => {
  const pod = evictedPod();
  await page.goto(`/pods/orders/${pod.metadata.name}`);
  const ends = page.getByTestId('pod-ends');
  await expect(ends.getByTestId('eviction-message')).toHaveText(pod.status.message!.trim());
  await expect(ends.locator('[data-testid="end-event"][data-reason="Evicted"]')).toContainText(pod.status.message!.trim());
  await expect(ends.getByTestId('heap-flag')).toContainText('Node.js’s heap may grow to 384Mi');
});

test('the workload page marks the OOM kills on its chart and lists them; /workloads sorts by them', async ({ page }) => {
  const pod = oomKilledPod();
  const past = scenarioWorkload('orders', 'checkout').pastOomKills!.daysAgo.length;
  await page.goto('/workloads/orders/checkout');
  // the live kill is the recorder's, which starts with the server: read again until it has stored it
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('end-counts')).toHaveAttribute('data-oom-kills', String(past + 1), { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('source-prometheus')).toHaveAttribute('data-state', 'read');
  const killedAt = Date.parse(pod.status.containerStatuses[0]!.lastState!.terminated!.finishedAt) / 1000;
  await expect(page.locator(`[data-testid="workload-end"][data-pod="${pod.metadata.name}"][data-t="${killedAt}"]`)).toHaveCount(1);
  await expect(page.locator('[data-testid="workload-end"][data-kind="oom-kill"]')).toHaveCount(past + 1);
  const chart = page.locator('[data-testid="memory-chart"][data-container="checkout"]');
  await expect(chart.getByTestId('chart-end')).toHaveCount(past + 1);
  // the backfill holds the working set at the limit for OOM_PEAK_SECONDS before each earlier kill
  await expect(chart.getByTestId('near-limit')).toHaveAttribute('data-seconds', String(past * OOM_PEAK_SECONDS));

  await page.goto('/workloads?sort=oomKills');
  const first = page.getByTestId('workload').first();
  await expect(first).toHaveAttribute('data-workload', 'orders/checkout');
  await expect(first.getByTestId('oom-kills')).toHaveAttribute('data-count', '1');
  await page.getByTestId('sort-evictions').click();
  await expect(page.getByTestId('workload').first()).toHaveAttribute('data-workload', 'orders/batch');
});
