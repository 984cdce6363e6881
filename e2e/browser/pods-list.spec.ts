// /pods as an operator uses it: filters that apply as they are chosen, a namespace that follows to the next list,
// headers that sort. What the list should hold is worked out from kubectl, never from memdash's own ordering code.
import { expect, test, type Page } from '@playwright/test';
import { kubectlJson } from '../../test/integration/cluster';
import { bytes } from '../../test/integration/scenario';

interface KubePod {
  metadata: { namespace: string; name: string; creationTimestamp: string };
  spec: {
    containers: Array<{ resources?: { requests?: { memory?: string } } }>;
    initContainers?: Array<{ resources?: { requests?: { memory?: string } } }>;
  };
}

/** The pods kubectl lists (in one namespace when given), each with what the orders are by. */
function kubectlPods(namespace?: string) {
  const items = kubectlJson<{ items: KubePod[] }>(['get', 'pods', ...(namespace ? ['-n', namespace] : ['-A'])]).items;
  if (items.length === 0) throw new Error(`precondition: kubectl lists no pod${namespace ? ` in ${namespace}` : ''}`);
  return items.map((p) => {
    const memory = (c: { resources?: { requests?: { memory?: string } } }) => bytes(c.resources?.requests?.memory) ?? 0;
    // what the scheduler reserves: the containers together, or the largest init container when that is more
    const request = Math.max(
      p.spec.containers.map(memory).reduce((a, b) => a + b, 0),
      ...(p.spec.initContainers ?? []).map(memory),
    );
    return { id: `${p.metadata.namespace}/${p.metadata.name}`, ...p.metadata, request };
  });
}
type Listed = ReturnType<typeof kubectlPods>[number];

// kubectl's order: code unit by code unit
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byId = (a: Listed, b: Listed) => byText(a.namespace, b.namespace) || byText(a.name, b.name);

/** A click on the table's header of a column (the phone's cards have links of their own). */
const sortBy = (page: Page, sort: string) => page.getByTestId('pod-table').getByTestId(`sort-${sort}`).click();

const listed = (page: Page) => page.getByTestId('pod-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pod')!));

test('/pods filters apply as they are chosen, each one in the URL, with no button to press', async ({ page }) => {
  await page.goto('/pods');
  await expect(page.getByRole('button', { name: 'Filter' })).toHaveCount(0);

  await page.getByLabel('Namespace').selectOption('shop');
  await expect(page).toHaveURL(/\/pods\?namespace=shop$/);
  const shop = kubectlPods('shop').map((p) => p.id);
  await expect.poll(async () => (await listed(page)).sort()).toEqual(shop.sort());

  // typing: the list follows once the typing pauses, Enter not needed
  await page.getByLabel('Pod or workload name contains').pressSequentially('web', { delay: 50 });
  await expect(page).toHaveURL(/\/pods\?namespace=shop&name=web$/);
  const web = shop.filter((id) => id.split('/')[1]!.includes('web'));
  if (web.length === 0) throw new Error('precondition: the scenario has a pod named web… in shop');
  await expect.poll(async () => (await listed(page)).sort()).toEqual(web.sort());

  await page.getByTestId('verdict-filter').selectOption('stale');
  await expect(page).toHaveURL(/\/pods\?namespace=shop&name=web&verdict=stale$/);
  await page.getByLabel('Namespace').selectOption('');
  await expect(page).toHaveURL(/\/pods\?name=web&verdict=stale$/);

  // a name no pod can hold asks nothing and says why, the list left as it was
  const before = page.url();
  await page.getByLabel('Pod or workload name contains').fill('web/');
  await expect(page.getByTestId('filter-state')).toContainText('lower-case letters');
  await page.waitForTimeout(600);
  expect(page.url()).toBe(before);

  // two choices in quick succession: the list shown is the last one's
  await page.goto('/pods');
  await page.getByLabel('Namespace').selectOption('shop');
  await page.getByLabel('Namespace').selectOption('payments');
  await expect(page).toHaveURL(/\/pods\?namespace=payments$/);
  const payments = kubectlPods('payments').map((p) => p.id);
  await expect.poll(async () => (await listed(page)).sort()).toEqual(payments.sort());
});

test('a namespace chosen on /pods follows to /workloads, /table and back, and a new tab starts from all', async ({ page, context }) => {
  await page.goto('/pods');
  await page.getByLabel('Namespace').selectOption('shop');
  await expect(page).toHaveURL(/namespace=shop/);
  const nav = page.getByRole('navigation', { name: 'Pages' });

  await nav.getByRole('link', { name: 'Workloads', exact: true }).click();
  await expect(page).toHaveURL(/\/workloads\?namespace=shop$/);
  await expect(page.getByTestId('workload-namespace')).toHaveValue('shop');
  const workloads = page.getByTestId('workload');
  await expect(workloads.first()).toBeVisible();
  for (const w of await workloads.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-workload')))) expect(w).toMatch(/^shop\//);

  // through a page that is no list (a workload's), the choice is still carried
  await workloads.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/workloads\/shop\//);
  await nav.getByRole('link', { name: 'Table', exact: true }).click();
  await expect(page).toHaveURL(/\/table\?namespace=shop$/);
  await nav.getByRole('link', { name: 'Pods', exact: true }).click();
  await expect(page).toHaveURL(/\/pods\?namespace=shop$/);
  await expect(page.getByLabel('Namespace')).toHaveValue('shop');

  // a pasted link or a new tab shows what its URL says, not a namespace remembered elsewhere
  const other = await context.newPage();
  await other.goto('/webhook');
  await expect(other.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Pods', exact: true })).toHaveAttribute(
    'href',
    '/c/local/pods',
  );

  // all namespaces again: nothing is carried
  await page.getByLabel('Namespace').selectOption('');
  await expect(page).toHaveURL(/\/pods$/);
  await expect(nav.getByRole('link', { name: 'Workloads', exact: true })).toHaveAttribute('href', '/c/local/workloads');
});

test("clicking a column's header sorts /pods by it, aria-sort saying how; again turns it around", async ({ page }) => {
  const shop = kubectlPods('shop');
  await page.goto('/pods?namespace=shop');
  const header = (name: string) => page.getByRole('columnheader', { name });

  await sortBy(page, 'request');
  await expect(page).toHaveURL(/sort=request/);
  await expect(header('Request')).toHaveAttribute('aria-sort', 'descending');
  const largest = [...shop].sort((a, b) => b.request - a.request || byId(a, b)).map((p) => p.id);
  await expect.poll(() => listed(page)).toEqual(largest);

  await sortBy(page, 'request');
  await expect(page).toHaveURL(/sort=request&direction=asc/);
  await expect(header('Request')).toHaveAttribute('aria-sort', 'ascending');
  const smallest = [...shop].sort((a, b) => a.request - b.request || byId(a, b)).map((p) => p.id);
  await expect.poll(() => listed(page)).toEqual(smallest);
  await expect(header('Namespace')).not.toHaveAttribute('aria-sort', /./);

  await sortBy(page, 'created');
  await expect(header('Phase, created')).toHaveAttribute('aria-sort', 'descending');
  const newest = [...shop].sort((a, b) => byText(b.creationTimestamp, a.creationTimestamp) || byId(a, b)).map((p) => p.id);
  await expect.poll(() => listed(page)).toEqual(newest);

  // the namespace filter is kept by the order, and the order by the filter
  expect(page.url()).toContain('namespace=shop');
  await page.getByLabel('Namespace').selectOption('payments');
  await expect(page).toHaveURL(/namespace=payments&sort=created/);

  // the pod's name across namespaces; the pods a snapshot run may add meanwhile (kyverno-prd) are left out of the comparison
  await page.goto('/pods?limit=2000');
  await sortBy(page, 'name');
  await expect(header('Pod')).toHaveAttribute('aria-sort', 'ascending');
  const steady = (ids: string[]) => ids.filter((id) => !id.startsWith('kyverno-prd/'));
  const byName = [...kubectlPods()].sort((a, b) => byText(a.name, b.name) || byId(a, b)).map((p) => p.id);
  await expect.poll(async () => steady(await listed(page))).toEqual(steady(byName));
  await sortBy(page, 'namespace');
  await expect(header('Namespace')).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => steady(await listed(page))).toEqual(steady([...kubectlPods()].sort(byId).map((p) => p.id)));
});

// The test's own ranking, from the verdicts' meaning: Kyverno should have acted and did not, then acted with a twist,
// then never acted by design, then did its job.
const SERIOUS = [
  'unexplained',
  'registration-absent',
  'no-table',
  'stale',
  'capped',
  'no-row',
  'no-workload',
  'skipped-label',
  'skipped-namespace',
  'set',
];

test('the verdict header puts the pods whose worst container is the most serious first', async ({ page }) => {
  await page.goto('/pods?limit=2000');
  await sortBy(page, 'verdict');
  await expect(page.getByRole('columnheader', { name: 'Verdict' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=verdict/);
  const worst = await page
    .getByTestId('pod-row')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('[data-verdict]')].map((v) => v.getAttribute('data-verdict')!)));
  const ranks = worst.map((codes) => Math.min(...codes.map((c) => SERIOUS.indexOf(c))));
  expect(ranks.length).toBeGreaterThan(10);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  // more than one kind of verdict, or the order says nothing
  expect(new Set(ranks).size).toBeGreaterThan(2);
});
