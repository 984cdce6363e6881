// Partial views say that they are partial. A second memdash behind an authenticating proxy's headers
// (MEMDASH_AUTH=proxy, trusted by its shared secret, as bench/signin.ts runs it), opened in Chromium as shop-reader,
// whose group the local cluster lets read pods in namespace shop only (a RoleBinding to the dashboard's read role,
// made here and deleted after). What they are shown must say that it is theirs: their name in the header, the
// pages they may open in the navigation, "of the namespaces you can read", and a pod elsewhere "not yours to read".
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { kubectl, podOf } from '../../test/integration/cluster';
import { startMemdash, stopMemdash, type Memdash } from '../../bench/harness';
import { JumpDialog } from './pod-page';

const SECRET = randomBytes(24).toString('hex');
const PERSON = 'shop-reader';
const GROUP = 'memdash-e2e-shop-readers';
const BINDING = {
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'RoleBinding',
  metadata: { name: 'memdash-e2e-shop-readers', namespace: 'shop' },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'memdash-viewer' },
  subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: GROUP }],
};

let server: Memdash;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  kubectl(['apply', '-f', '-'], 'admin', JSON.stringify(BINDING));
  server = await startMemdash({
    MEMDASH_AUTH: 'proxy',
    MEMDASH_PROXY_SECRET: SECRET,
    MEMDASH_HISTORY_PATH: join(mkdtempSync(join(tmpdir(), 'memdash-partial-')), 'history.sqlite'),
  });
});

test.afterAll(() => {
  if (server) stopMemdash(server);
  kubectl(['-n', 'shop', 'delete', 'rolebinding', BINDING.metadata.name, '--ignore-not-found'], 'admin');
});

/** shop-reader's browser: every request carries what the proxy adds once they signed in there. */
function asShopReader(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.url,
    viewport,
    extraHTTPHeaders: { 'x-memdash-proxy-secret': SECRET, 'x-auth-request-user': PERSON, 'x-auth-request-groups': GROUP },
  });
}

test('the header names who is signed in, and the navigation offers only the pages they may open', async ({ browser }, info) => {
  const context = await asShopReader(browser);
  const page = await context.newPage();
  await page.goto('/pods?namespace=shop');
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${PERSON}`);
  const nav = page.getByRole('navigation', { name: 'Pages' });
  const labels = await nav.getByRole('link').allTextContents();
  // the table is withheld from them (they may not get its ConfigMap), so are the runs' logs and the audit log
  for (const withheld of ['Table', 'Versions', 'Preview', 'Runs', 'Audit']) expect(labels).not.toContain(withheld);
  for (const open of ['Pods', 'Workloads', 'Webhook', 'Break-glass', 'Incidents']) expect(labels).toContain(open);
  // and each page left in the navigation shows them more than "Not yours to read"
  for (const link of await nav.getByRole('link').all()) {
    const href = (await link.getAttribute('href'))!;
    const answer = await page.request.get(href);
    expect(await answer.text(), href).not.toContain('Not yours to read');
  }
  await page.screenshot({ path: info.outputPath('header-signed-in.png') });
  await context.close();
});

test("Ctrl-K's pages are those of the navigation: none that would answer 'Not yours to read'", async ({ browser }) => {
  const context = await asShopReader(browser);
  const page = await context.newPage();
  await page.goto('/pods?namespace=shop');
  const jump = new JumpDialog(page);
  await jump.open();
  // one letter: the pages whose label starts with it, no pod search yet (it starts at two)
  const pagesFor = async (letter: string) => {
    await jump.input.fill(letter);
    await expect(jump.input).toHaveValue(letter);
    return jump.options.filter({ hasText: 'Page' }).locator('span:first-child').allTextContents();
  };
  await expect.poll(() => pagesFor('w')).toEqual(['Workloads', 'Webhook']);
  expect(await pagesFor('p')).toEqual(['Pods']);
  for (const letter of ['t', 'v', 'r', 'a']) expect(await pagesFor(letter), letter).toEqual([]);
  await context.close();
});

test('a pod in a namespace they may not read is "not found, or not yours to read", not replaced', async ({ browser }) => {
  const context = await asShopReader(browser);
  const page = await context.newPage();
  const ledger = podOf('payments', 'ledger');
  const answer = await page.goto(`/pods/payments/${ledger}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not found, or not yours to read');
  await expect(page.getByTestId('error-state')).toContainText('You may not list pods in payments');
  await expect(page.getByTestId('error-state')).not.toContainText('replaced');
  // in their own namespace, a pod that is not there is still "No such pod"
  await page.goto('/pods/shop/web-0000000000-nopod');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No such pod');
  await context.close();
});

test("the fit's nones are said of the namespaces they can read", async ({ browser }) => {
  const context = await asShopReader(browser);
  const page = await context.newPage();
  await page.goto('/');
  const panel = page.getByTestId('fit-panel');
  await expect(panel.getByTestId('fit-no-quota')).toHaveText('No ResourceQuota on requests.memory in the namespaces you can read.', {
    timeout: 30_000,
  });
  await expect(panel.getByTestId('fit-nowhere-none')).toContainText('of the namespaces you can read');
  await context.close();
});

test('a withheld CronJob is named as what is withheld, before the right it takes', async ({ browser }) => {
  const context = await asShopReader(browser);
  const page = await context.newPage();
  await page.goto('/snapshot/runs');
  await expect(page.getByTestId('error-state').first()).toContainText(
    "The snapshot's CronJob kyverno-prd/memory-snapshot and its runs are withheld. You may not get pods/log in kyverno-prd",
  );
  await context.close();
});

test('a page that is not theirs to read names itself so: its one h1', async ({ browser }) => {
  const context = await asShopReader(browser);
  const page = await context.newPage();
  for (const path of ['/table/snapshots', '/table/preview', '/table/diff', '/audit']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Not yours to read');
  }
  await context.close();
});
