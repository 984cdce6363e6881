// Finding a pod: /pods with filters in the URL, and the Ctrl/Cmd-K jump from any page.
import { expect, test } from '@playwright/test';
import { kubectlJson, podsOfWorkload } from '../../test/integration/cluster';
import { bytes } from '../../test/integration/scenario';
import { JumpDialog } from './pod-page';

test('the home page links to the pods and says the API server answers', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('api-server')).toContainText('answers');
  await expect(page.getByTestId('cluster-status')).toContainText('cluster v');
  await page.getByRole('link', { name: 'Pods', exact: true }).first().click();
  await expect(page).toHaveURL(/\/pods$/);
});

test('/pods filters by namespace and name through the URL', async ({ page }) => {
  await page.goto('/pods?namespace=shop&name=web');
  const webPods = podsOfWorkload('shop', 'web');
  await expect(page.getByTestId('pod-row')).toHaveCount(webPods.length);

  await page.getByLabel('Namespace').selectOption('development');
  await page.getByLabel('Pod or workload name contains').fill('');
  await expect(page).toHaveURL(/\/pods\?namespace=development$/);
  const rows = page.getByTestId('pod-row');
  await expect(rows.first()).toBeVisible();
  for (const pod of await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-pod')))) expect(pod).toMatch(/^development\//);
});

test("/pods shows each container's request, row and verdict, and filters by verdict through the URL", async ({ page }) => {
  await page.goto('/pods?namespace=payments&name=api');
  const container = page.getByTestId('pod-row').first().getByTestId('pod-container').first();
  await expect(container.locator('[data-verdict]')).toBeVisible();
  await expect(container).toContainText(/\d+(\.\d)?(Mi|Gi)/);

  await page.goto('/pods');
  await page.getByTestId('verdict-filter').selectOption('stale');
  await expect(page).toHaveURL(/verdict=stale/);
  const rows = page.getByTestId('pod-row');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row.locator('[data-verdict="stale"]').first()).toBeVisible();
  // kubectl agrees: the scenario's stale pods (payments/api, sized from an older row) are listed, and every pod listed
  // was created before the table's data was last written with a request that is not today's row
  const listed = (await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-pod')))).map(String);
  const seededStale = podsOfWorkload('payments', 'api')
    .filter((p) => !p.metadata.deletionTimestamp)
    .map((p) => `payments/${p.metadata.name}`);
  expect(seededStale.length).toBeGreaterThan(0);
  expect(listed).toEqual(expect.arrayContaining(seededStale));
  const stale = staleByKubectl();
  for (const pod of listed) expect({ pod, stale: stale(pod) }).toEqual({ pod, stale: true });

  await page.getByTestId('verdict-filter').selectOption('differs');
  await expect(page).toHaveURL(/verdict=differs/);
  await expect(page.getByTestId('verdict-filter')).toHaveValue('differs');
  expect((await page.goto('/pods?verdict=nonsense'))?.status()).toBe(404);
});

/**
 * Whether kubectl shows a pod as stale: created before the table's data was last written (its managedFields), with a
 * container whose request is not its row today (the row keyed <namespace>_<workload label>_<container>).
 */
function staleByKubectl(): (pod: string) => boolean {
  type Table = { data?: Record<string, string>; metadata: { managedFields?: Array<{ time?: string; fieldsV1?: { 'f:data'?: unknown } }> } };
  const table = kubectlJson<Table>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests', '--show-managed-fields']);
  const lastWrite = Math.max(
    ...(table.metadata.managedFields ?? []).filter((m) => m.fieldsV1?.['f:data'] && m.time).map((m) => Date.parse(m.time!)),
  );
  return (id) => {
    const [namespace, name] = id.split('/') as [string, string];
    type Pod = {
      metadata: { creationTimestamp: string; labels?: Record<string, string> };
      spec: { containers: Array<{ name: string; resources?: { requests?: { memory?: string } } }> };
    };
    const pod = kubectlJson<Pod>(['-n', namespace, 'get', 'pod', name]);
    const workload = pod.metadata.labels?.['app.kubernetes.io/name'];
    const differs = pod.spec.containers.some((c) => {
      const row = table.data?.[`${namespace}_${workload}_${c.name}`];
      return row !== undefined && bytes(c.resources?.requests?.memory) !== bytes(row);
    });
    return Date.parse(pod.metadata.creationTimestamp) < lastWrite && differs;
  };
}

test('/pods lists a page of pods and offers the next ones, keeping its filters', async ({ page }) => {
  await page.goto('/pods?limit=3');
  await expect(page.getByTestId('pod-row')).toHaveCount(3);
  await expect(page.getByTestId('pod-count')).toContainText('showing the first 3');
  await page.getByTestId('more-pods').click();
  await expect(page).toHaveURL(/\/pods\?limit=53$/);
  expect(await page.getByTestId('pod-row').count()).toBeGreaterThan(3);
  await page.goto('/pods?namespace=shop&limit=1');
  await page.getByTestId('more-pods').click();
  await expect(page).toHaveURL(/\/pods\?namespace=shop&limit=51$/);
  for (const row of await page.getByTestId('pod-row').all()) expect(await row.getAttribute('data-pod')).toMatch(/^shop\//);
});

test('Ctrl-K jumps from any page to a pod by name', async ({ page }) => {
  await page.goto('/pods');
  const jump = new JumpDialog(page);
  await jump.open();
  await jump.input.fill('debug-shell');
  await expect(jump.options.first()).toContainText('development/debug-shell');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pods\/development\/debug-shell$/);
  await expect(page.locator('[data-testid="container"][data-container="shell"]')).toHaveAttribute('data-verdict', 'no-workload');
});

test('Ctrl-K reopens with its last text selected, gives focus back on Esc, and jumps to pages', async ({ page }) => {
  await page.goto('/pods');
  const jump = new JumpDialog(page);
  await jump.open();
  await jump.input.fill('debug-shell');
  await page.keyboard.press('Escape');
  await expect(jump.input).toBeHidden();
  // focus is on the button that opens the dialog, not lost on the page
  await expect(page.getByRole('button', { name: /Jump to pod or workload/ })).toBeFocused();
  await jump.open();
  await page.keyboard.type('aud');
  await expect(jump.input).toHaveValue('aud');
  await expect(jump.options.first()).toContainText('Audit');
  await expect(jump.options.first()).toContainText('Page');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/audit$/);
});

test('Ctrl-K offers a workload first, and namespace/name narrows the search', async ({ page }) => {
  await page.goto('/');
  const jump = new JumpDialog(page);
  await jump.open();
  await jump.input.fill('shop/fresh');
  await expect(jump.options.first()).toContainText('shop/fresh-api');
  await expect(jump.options.first()).toContainText('Deployment');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/workloads\/shop\/fresh-api$/);
});
