// The pod page in Chromium against the local cluster: the verdicts the scenario seeded, its error states, and
// copy buttons that copy the runbook's commands.
import { expect, test } from '@playwright/test';
import type { VerdictCode } from '../../lib/domain';
import { podOf, requirePodWebhook } from '../../test/integration/cluster';
import { expectedContainers, scenarioWorkload } from '../../test/integration/scenario';
import { PodPage } from './pod-page';

// Each case is a scenario pod seeded to show one verdict; what the page must show is worked out from the scenario's
// declaration (e2e/cluster/scenario/workloads.ts), not read from memdash's API, and its words are written here, not
// taken from lib/domain (a changed sentence there must fail here, not pass with it). Stale, registration-absent, no-table
// and unexplained need history the browser run's store does not hold (its imports date the table back), so they are
// checked through the route in test/integration/verdicts.test.ts.
const CASES: Array<{ verdict: VerdictCode; words: string; namespace: string; workload: string; sized: boolean; says: string[] }> = [
  {
    verdict: 'set',
    words: 'Kyverno set it from the row',
    namespace: 'shop',
    workload: 'web',
    sized: true,
    says: ['equals row shop_web_app (300Mi)'],
  },
  {
    verdict: 'capped',
    words: "Kyverno capped the row at the container's limit",
    namespace: 'shop',
    workload: 'search',
    sized: true,
    says: ['Row shop_search_search (600Mi) is above limit 512Mi'],
  },
  {
    verdict: 'no-row',
    words: 'The table has no row for this container; Kyverno left it as it arrived',
    namespace: 'shop',
    workload: 'fresh-api',
    sized: true,
    says: ['no shop_fresh-api_api'],
  },
  {
    verdict: 'no-workload',
    words: 'The pod has no workload; Kyverno left it as it arrived',
    namespace: 'development',
    workload: 'debug-shell',
    sized: false,
    says: ['no workload'],
  },
  {
    verdict: 'skipped-namespace',
    words: 'The webhook skips this namespace; Kyverno never saw the pod',
    namespace: 'kube-system',
    workload: 'coredns',
    sized: false,
    says: ['skips namespace kube-system'],
  },
  {
    verdict: 'skipped-label',
    words: 'The webhook skips pods with this label; Kyverno never saw the pod',
    namespace: 'tools',
    workload: 'kubecoder-alice',
    sized: false,
    says: ['skips the pod by its labels'],
  },
];

for (const c of CASES) {
  test(`a ${c.verdict} pod (${c.namespace}/${c.workload}): every container shows the scenario's verdict and sizes`, async ({ page }) => {
    requirePodWebhook(); // the scenario's pods were sized through it
    const w = scenarioWorkload(c.namespace, c.workload);
    const pod = w.kind === 'Pod' ? w.name : podOf(c.namespace, c.workload);
    const podPage = new PodPage(page);
    expect((await podPage.goto(c.namespace, pod))?.status()).toBe(200);
    const expected = expectedContainers(w, () => c.verdict, c.sized);
    await expect(page.getByTestId('container')).toHaveCount(expected.length);
    for (const container of expected) {
      const block = podPage.container(container.name);
      await expect(block).toHaveAttribute('data-verdict', container.verdict);
      await expect(block).toContainText(c.words);
      if (container.init) await expect(block).toContainText('init');
    }
    // each container answers in one line, before any evidence: container, verdict → what the next pod gets; then
    // one thing to do for the pod
    const firstLines = await page.getByTestId('first-line').allTextContents();
    expect(firstLines).toHaveLength(expected.length);
    for (const [i, container] of expected.entries())
      expect(firstLines[i]).toMatch(new RegExp(`^${container.name}: ${container.verdict} → .+`));
    await expect(page.getByTestId('pod-action')).toHaveCount(1);
    if (c.verdict === 'set') await expect(page.getByTestId('pod-action')).toHaveText('Nothing to do');
    const answerFirst = await page
      .getByTestId('first-lines')
      .evaluate((answer) => !!(answer.compareDocumentPosition(document.querySelector('[data-testid="pod-created"]')!) & 4));
    expect(answerFirst).toBe(true);
    const reasons = (await page.getByTestId('reason').allTextContents()).join('\n');
    for (const words of c.says) expect(reasons).toContain(words);
    if (w.kind !== 'Pod') await expect(podPage.workloadLink).toHaveAttribute('href', `/c/local/workloads/${c.namespace}/${c.workload}`);
  });
}

test('a pod that does not exist: 404 and "No such pod"', async ({ page }) => {
  const podPage = new PodPage(page);
  const response = await podPage.goto('shop', 'no-such-pod-here');
  expect(response?.status()).toBe(404);
  await expect(podPage.errorState).toContainText('No such pod');
  await expect(podPage.errorState).toContainText('shop/no-such-pod-here');
});

test('a name Kubernetes would refuse: a 404 page, nothing asked of the cluster', async ({ page }) => {
  const podPage = new PodPage(page);
  const response = await podPage.goto('Shop', 'web');
  expect(response?.status()).toBe(404);
  await expect(podPage.errorState).toHaveAttribute('data-error', 'not-found');
});

test('the 404 page shows a name as typed, not percent-encoded', async ({ page }) => {
  const response = await page.goto('/pods/shop/caf%C3%A9-1');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-state')).toContainText('shop/café-1');
  await expect(page.getByTestId('error-state')).not.toContainText('%C3%A9');
  await page.goto('/workloads/shop/caf%C3%A9');
  await expect(page.getByTestId('error-state')).toContainText('shop/café');
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
  await expect(podPage.commands.nth(2).locator('pre')).toContainText("jq -r --arg p shop_web_ '.data");
});
