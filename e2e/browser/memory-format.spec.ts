// Memory sizes in one unit on every page, the table's: whole Mi, rounded up as the snapshot writes a row. Before,
// a 64M limit read "61.0Mi", a request of 0 read "0B" and a 1536Mi limit "1.5Gi", beside rows of "24Mi" and "900Mi".
// The expected sizes are kubectl's quantities, converted here by the Kyverno stand-in's own parser.
import { expect, test, type Locator } from '@playwright/test';
import { bytesOf } from '../../e2e/cluster/kyverno/mutation';
import { kubectlJson, podOf } from '../../test/integration/cluster';
import { PodPage } from './pod-page';

const MiB = 1024 * 1024;
const inMi = (quantity: string) => `${Math.ceil(bytesOf(quantity) / MiB)}Mi`;

interface PodSpec {
  spec: { containers: Array<{ name: string; resources?: { requests?: { memory?: string }; limits?: { memory?: string } } }> };
}

function containersOf(namespace: string, pod: string) {
  return kubectlJson<PodSpec>(['-n', namespace, 'get', 'pod', pod]).spec.containers;
}

/** Every memory size a part of the page shows (components/ui/Memory.tsx marks each with its exact bytes on hover). */
async function sizesIn(part: Locator): Promise<string[]> {
  return part.locator('span.font-mono[title$=" bytes"]').allTextContents();
}

const ONE_FORM = /^\d+Mi$/;

/** The sizes of a part of the page, after checking there are some and that each is in whole Mi. */
async function sizesInOneForm(part: Locator): Promise<string[]> {
  const sizes = await sizesIn(part);
  expect(sizes.length).toBeGreaterThan(0);
  for (const size of sizes) expect(size).toMatch(ONE_FORM);
  return sizes;
}

test('the pod page: requests, limits and rows all in whole Mi, a 64M limit as 62Mi', async ({ page }) => {
  const pod = podOf('shop', 'web');
  const podPage = new PodPage(page);
  await podPage.goto('shop', pod);
  for (const c of containersOf('shop', pod)) {
    const block = podPage.container(c.name);
    const request = c.resources?.requests?.memory;
    const limit = c.resources?.limits?.memory;
    if (request) await expect(block.getByTestId('request')).toHaveText(inMi(request));
    if (limit) await expect(block.getByTestId('limit')).toHaveText(inMi(limit));
  }
  const nginx = containersOf('shop', pod).find((c) => c.name === 'nginx');
  if (nginx?.resources?.limits?.memory !== '64M')
    throw new Error(`precondition: shop/web's nginx has a 64M limit (the scenario's; it has ${nginx?.resources?.limits?.memory})`);
  await expect(podPage.container('nginx').getByTestId('limit')).toHaveText('62Mi');
  await sizesInOneForm(page.getByTestId('containers'));
});

test('/pods: a request of 0 reads 0Mi, and every size is in whole Mi', async ({ page }) => {
  const pod = podOf('tools', 'kubecoder-alice');
  const ide = containersOf('tools', pod).find((c) => c.name === 'ide');
  if (ide?.resources?.requests?.memory !== '0')
    throw new Error(`precondition: tools/kubecoder-alice's ide asks for 0 (the scenario's; it asks ${ide?.resources?.requests?.memory})`);
  await page.goto('/pods?namespace=tools');
  await expect(page.getByRole('link', { name: pod }).first()).toBeVisible();
  // the namespace's only request of 0 is ide's
  expect(await sizesInOneForm(page.locator('main'))).toContain('0Mi');
});

test("a workload's chart: its axis in the same Mi as its limit, a 1536Mi limit not 1.5Gi", async ({ page }) => {
  const pod = podOf('payments', 'api');
  const api = containersOf('payments', pod).find((c) => c.name === 'api');
  const limit = api?.resources?.limits?.memory;
  if (!limit) throw new Error(`precondition: payments/api's api container has a limit`);
  await page.goto('/workloads/payments/api');
  const chart = page.locator('[data-testid="memory-chart"][data-container="api"]');
  const labels = chart.locator('svg text');
  await expect(labels.first()).toBeAttached({ timeout: 30_000 });
  // the drawing's labels: day ticks ("11-20") and memory ticks, the latter all in whole Mi
  const ticks = (await labels.allTextContents()).filter((t) => !/^\d{2}-\d{2}$/.test(t));
  expect(ticks.length).toBeGreaterThan(1);
  for (const tick of ticks) expect(tick).toMatch(ONE_FORM);
  await expect(chart).toContainText(inMi(limit));
});
