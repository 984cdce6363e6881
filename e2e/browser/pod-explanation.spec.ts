// The pod page in Chromium against the local cluster: it shows what the explanation API answers, its states, and
// copy buttons that copy the runbook's commands.
import { expect, test } from '@playwright/test';
import { VERDICT_WORDS, type VerdictCode } from '../../lib/domain';
import type { Explanation } from '../../lib/explain';
import { podOf, requirePodWebhook } from '../../test/integration/cluster';
import { PodPage } from './pod-page';

const CASES: Array<{ verdict: VerdictCode; namespace: string; workload: string | null; pod?: string; needsKyverno: boolean }> = [
  { verdict: 'set', namespace: 'shop', workload: 'web', needsKyverno: true },
  { verdict: 'capped', namespace: 'shop', workload: 'cart', needsKyverno: false },
  { verdict: 'no-row', namespace: 'shop', workload: 'fresh-api', needsKyverno: false },
  { verdict: 'no-workload', namespace: 'development', workload: null, pod: 'debug-shell', needsKyverno: false },
  { verdict: 'skipped-namespace', namespace: 'kube-system', workload: 'coredns', needsKyverno: true },
  { verdict: 'skipped-label', namespace: 'tools', workload: 'kubecoder-alice', needsKyverno: true },
];

for (const c of CASES) {
  test(`a ${c.verdict} pod: the page shows what the API says`, async ({ page, request }) => {
    if (c.needsKyverno) requirePodWebhook();
    const pod = c.pod ?? podOf(c.namespace, c.workload!);
    const api = (await (await request.get(`/api/pods/${c.namespace}/${pod}/explanation`)).json()) as Explanation;
    expect(api.containers.some((x) => x.verdict === c.verdict)).toBe(true);

    const podPage = new PodPage(page);
    expect((await podPage.goto(c.namespace, pod))?.status()).toBe(200);
    for (const container of api.containers) {
      const block = podPage.container(container.name);
      await expect(block).toHaveAttribute('data-verdict', container.verdict);
      await expect(block).toContainText(VERDICT_WORDS[container.verdict]);
      await expect(block.getByTestId('reason')).toHaveText(container.reason);
      await expect(block.getByTestId('next-pod')).toContainText(container.nextPod);
      if (container.init) await expect(block).toContainText('init');
    }
    // what the verdicts cannot know (history that does not reach back far enough) is stated as the API states it
    for (const limit of api.limits) await expect(page.getByTestId('limits')).toContainText(limit);
    if (api.workload) await expect(podPage.workloadLink).toHaveAttribute('href', `/workloads/${c.namespace}/${api.workload.name}`);
  });
}

test('a pod that does not exist: 404 and "No such pod"', async ({ page }) => {
  const podPage = new PodPage(page);
  const response = await podPage.goto('shop', 'no-such-pod-here');
  expect(response?.status()).toBe(404);
  await expect(podPage.errorState).toContainText('No such pod');
  await expect(podPage.errorState).toContainText('shop/no-such-pod-here');
});

test('a name Kubernetes would refuse: said so, nothing asked of the cluster', async ({ page }) => {
  const podPage = new PodPage(page);
  await podPage.goto('Shop', 'web');
  await expect(podPage.errorState).toHaveAttribute('data-error', 'invalid-name');
});

test("the copy buttons copy the runbook's commands, filled in for the pod", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const pod = podOf('shop', 'web');
  const podPage = new PodPage(page);
  await podPage.goto('shop', pod);
  const count = await podPage.commands.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < count; i++) {
    const item = podPage.commands.nth(i);
    await item.getByRole('button').click();
    await expect(item.getByRole('button')).toHaveText('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await item.locator('pre').textContent());
  }
  const first = await podPage.commands.first().locator('pre').textContent();
  expect(first).toContain(`kubectl -n shop get pod ${pod} -o jsonpath=`);
  await expect(podPage.commands.nth(2).locator('pre')).toContainText('jq -r --arg p "shop_web_"');
});
