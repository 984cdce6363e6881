// Two clusters in one memdash (issue 57, items 4 and 7): the Ctrl-K jump searches both and names each result's
// cluster, and a workload's page shows the same workload in the other cluster beside it. A memdash of its own, on
// the last build, reads the local pair (prd and its stage, e2e/cluster/lib/pair.ts, started here when not running
// and stopped after) behind an authenticating proxy's headers, for two people: one bound to the dashboard's read
// role in both clusters, one in prd only (shop's pods and the table's namespace). Rows and pods are asked of each
// cluster with kubectl.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { kubeconfig } from '../../test/integration/cluster';
import { bin } from '../cluster/lib/paths.ts';
import { clustersFile, downSecond, secondDir, secondState, upSecond, webPodsIn } from '../cluster/lib/pair.ts';
import { isRunning } from '../cluster/lib/processes.ts';
import { startMemdash, stopMemdash, type Memdash } from '../../bench/harness';
import { JumpDialog } from './pod-page';

const SECRET = randomBytes(24).toString('hex');
const EVERYWHERE = 'e2e-across-everywhere';
const PRD_SHOP = 'e2e-across-prd-shop';
const CLUSTERS = { prd: kubeconfig('admin'), stage: join(secondDir(), 'kubeconfig', 'admin.yaml') } as const;
type Name = keyof typeof CLUSTERS;

const kubectlIn = (cluster: Name, args: string[], input?: string): string =>
  execFileSync(bin('kubectl'), [`--kubeconfig=${CLUSTERS[cluster]}`, ...args], { encoding: 'utf8', timeout: 60_000, input });

const binding = (kind: 'ClusterRoleBinding' | 'RoleBinding', user: string, namespace?: string) => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind,
  metadata: { name: user, ...(namespace ? { namespace } : {}) },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'memdash-viewer' },
  subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user }],
});
const BINDINGS: Record<Name, object[]> = {
  prd: [
    binding('ClusterRoleBinding', EVERYWHERE),
    binding('RoleBinding', PRD_SHOP, 'shop'),
    binding('RoleBinding', PRD_SHOP, 'kyverno-prd'),
  ],
  stage: [binding('ClusterRoleBinding', EVERYWHERE)],
};
const list = (items: object[]) => JSON.stringify({ apiVersion: 'v1', kind: 'List', items });

let server: Memdash;
let stageWasRunning = false;

test.beforeAll(async () => {
  test.setTimeout(900_000);
  const before = secondState();
  stageWasRunning = !!before && Object.values(before.processes).length > 0 && Object.values(before.processes).every(isRunning);
  upSecond();
  for (const name of Object.keys(BINDINGS) as Name[]) kubectlIn(name, ['apply', '-f', '-'], list(BINDINGS[name]));
  server = await startMemdash({
    MEMDASH_CLUSTERS: clustersFile(),
    MEMDASH_AUTH: 'proxy',
    MEMDASH_PROXY_SECRET: SECRET,
    MEMDASH_HISTORY_PATH: join(mkdtempSync(join(tmpdir(), 'memdash-across-')), 'history.sqlite'),
  });
});

test.afterAll(() => {
  test.setTimeout(300_000);
  if (server) stopMemdash(server);
  for (const name of Object.keys(BINDINGS) as Name[]) kubectlIn(name, ['delete', '--ignore-not-found', '-f', '-'], list(BINDINGS[name]));
  if (!stageWasRunning) downSecond();
});

function as(browser: Browser, user: string, { width = 1280, dark = false } = {}) {
  return browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
    colorScheme: dark ? 'dark' : 'light',
    extraHTTPHeaders: { 'x-memdash-proxy-secret': SECRET, 'x-auth-request-user': user },
  });
}

function webPods(cluster: Name): string[] {
  const names = webPodsIn(CLUSTERS[cluster]);
  if (names.length === 0) throw new Error(`precondition failed: no pod of shop/web in ${cluster}`);
  return names;
}

const rowIn = (cluster: Name) =>
  kubectlIn(cluster, ['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests', '-o', 'jsonpath={.data.shop_web_app}']);

test('Ctrl-K finds shop/web in both clusters, each result naming its cluster, this cluster first', async ({ browser }) => {
  const context = await as(browser, EVERYWHERE);
  const page = await context.newPage();
  await page.goto('/c/stage/pods?namespace=shop');
  const jump = new JumpDialog(page);
  await jump.open();
  await jump.input.fill('shop/web');
  const workloads = jump.options.filter({ hasText: 'Deployment' });
  await expect(workloads).toHaveCount(2);
  await expect(workloads.nth(0)).toContainText('stage');
  await expect(workloads.nth(1)).toContainText('prd');
  for (const cluster of ['prd', 'stage'] as const)
    for (const pod of webPods(cluster))
      await expect(jump.options.filter({ hasText: `shop/${pod}` }).filter({ hasText: cluster })).toHaveCount(1);
  await workloads.nth(1).click();
  await expect(page).toHaveURL(/\/c\/prd\/workloads\/shop\/web$/);
  await context.close();
});

test('Ctrl-K finds only prd for someone who may read shop in prd only', async ({ browser }) => {
  const context = await as(browser, PRD_SHOP);
  const page = await context.newPage();
  await page.goto('/c/prd/pods?namespace=shop');
  const jump = new JumpDialog(page);
  await jump.open();
  await jump.input.fill('shop/web');
  const workloads = jump.options.filter({ hasText: 'Deployment' });
  await expect(workloads).toHaveCount(1);
  await expect(jump.options).toHaveCount(1 + webPods('prd').length);
  // one cluster searched: its results need not name it, and nothing names the stage
  await expect(jump.dialog).not.toContainText('stage');
  await workloads.click();
  await expect(page).toHaveURL(/\/c\/prd\/workloads\/shop\/web$/);
  await context.close();
});

for (const [label, options] of [
  ['on a desktop', { width: 1280, dark: false }],
  ['on a 390 px phone in dark', { width: 390, dark: true }],
] as const) {
  test(`the workload page shows the stage beside prd, each cell a link to its cluster's page, ${label}`, async ({ browser }, info) => {
    const context = await as(browser, EVERYWHERE, options);
    const page = await context.newPage();
    await page.goto('/c/stage/workloads/shop/web');
    const panel = page.getByTestId('workload-across');
    const app = panel.locator('[data-testid="across-row"][data-container="app"]');
    await expect(app.locator('td[data-cluster="stage"]')).toHaveText(rowIn('stage'));
    await expect(app.locator('td[data-cluster="prd"]')).toHaveText(rowIn('prd'));
    const heads = await panel.locator('thead th[scope="col"]').allTextContents();
    expect(heads.map((h) => h.split(' ')[0])).toEqual(['stage', 'prd']);
    await expect(app.locator('td[data-cluster="prd"] a')).toHaveAttribute('href', '/c/prd/workloads/shop/web');
    await expect(panel.locator('[data-testid="across-p90"][data-container="app"] td[data-cluster="prd"]')).toHaveText(/\d+(\.\d+)?(Mi|Gi)/);
    if (options.width === 390) expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await panel.screenshot({ path: info.outputPath('across.png') });
    await context.close();
  });
}
