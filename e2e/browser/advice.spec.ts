// The pod page's advice knows what the other pages know. In Chromium against the local cluster: rows of the table are
// raised (as a snapshot run would) so that pods become stale, and the page's one thing to do is read for a Deployment
// of three containers, for batch's big (whose next pod the quota and the nodes refuse: the batch pool,
// e2e/cluster/scenario/batch-pool.ts), and for a CloudNativePG instance; the evicted pod of orders/batch leads with
// its eviction. The rows are put back after. Named to run first of the writers (playwright.config.ts): a saved table
// imported by a later spec, dated before these pods, would be the table in force at their creation.
import { expect, test, type Page } from '@playwright/test';
import { kubectl, kubectlJson, podOf, podsOfWorkload, requirePodWebhook } from '../../test/integration/cluster';
import { BATCH_ALLOCATABLE, BATCH_NAMESPACE, BATCH_QUOTA } from '../cluster/scenario/batch-pool';
import { WORKLOADS } from '../cluster/scenario/workloads';

// Raised above what each pod was sized with; big's is above the batch node's allocatable and the quota's hard.
const RAISED: Record<string, string> = {
  shop_web_migrate: '41Mi',
  shop_web_app: '301Mi',
  shop_web_nginx: '25Mi',
  batch_big_big: '2300Mi',
  'payments_pg-main_postgres': '1801Mi',
};

type Table = { data?: Record<string, string> };
let saved: Record<string, string> = {};

function patchRows(ops: object[]): void {
  kubectl(['-n', 'kyverno-prd', 'patch', 'configmap', 'memory-requests', '--type=json', '-p', JSON.stringify(ops)], 'admin');
}

test.beforeAll(() => {
  requirePodWebhook();
  const data = kubectlJson<Table>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']).data ?? {};
  for (const row of Object.keys(RAISED)) {
    if (data[row] === undefined) throw new Error(`precondition: the table has a row ${row}`);
    saved[row] = data[row];
  }
  if (Number.parseInt(RAISED.batch_big_big!) <= Number.parseInt(BATCH_ALLOCATABLE))
    throw new Error('precondition: big is raised above the batch node');
  patchRows(Object.entries(RAISED).map(([row, value]) => ({ op: 'replace', path: `/data/${row}`, value })));
});

test.afterAll(() => {
  // put back each row still as this spec wrote it; one another writer changed since is left alone
  for (const [row, value] of Object.entries(saved)) {
    try {
      patchRows([
        { op: 'test', path: `/data/${row}`, value: RAISED[row] },
        { op: 'replace', path: `/data/${row}`, value },
      ]);
    } catch {
      // another writer's value stands
    }
  }
  saved = {};
});

/** The pod page once the raised row reached memdash's table cache: the container reads stale. */
async function stalePodPage(page: Page, namespace: string, pod: string, container: string) {
  await expect(async () => {
    await page.goto(`/pods/${namespace}/${pod}`);
    await expect(page.locator(`[data-testid="first-line"][data-container="${container}"]`)).toContainText('stale', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  return page.getByTestId('first-lines');
}

test('a pod of three stale containers is told to restart its Deployment once, with one kubectl', async ({ page }) => {
  const answer = await stalePodPage(page, 'shop', podOf('shop', 'web'), 'nginx');
  await expect(answer.getByTestId('first-line')).toHaveCount(3);
  for (const c of ['migrate', 'app', 'nginx'])
    await expect(answer.locator(`[data-testid="first-line"][data-container="${c}"]`)).toContainText('stale');
  await expect(answer.getByText('Restart deployment/web to apply it')).toHaveCount(1);
  await expect(answer.getByText(/rollout restart/)).toHaveCount(1);
  // the runbook's restart, with whatever runs kubectl here (MEMDASH_KUBECTL) before it
  await expect(answer.getByText(/rollout restart/)).toHaveText(/kubectl \$KC -n shop rollout restart deployment\/web$/);
});

test('big is not told to restart while its next pod is refused by the quota and fits on no node, as the fit says', async ({
  page,
}, info) => {
  const answer = await stalePodPage(page, BATCH_NAMESPACE, podOf(BATCH_NAMESPACE, 'big'), 'big');
  const action = answer.getByTestId('pod-action');
  await expect(action).toContainText(
    `Do not restart deployment/big yet: its next pod is refused by namespace ${BATCH_NAMESPACE}'s quota ${BATCH_QUOTA.name} and fits on no node`,
  );
  await expect(answer).not.toContainText('Restart deployment/big to apply it');
  await expect(answer.getByText(/rollout restart/)).toHaveCount(0);
  await answer.screenshot({ path: info.outputPath('big-advice.png') });
});

test('a CloudNativePG instance is told to switch over first and go one instance at a time, not to delete the pod', async ({ page }) => {
  const pod = podsOfWorkload('payments', 'pg-main').find((p) => !p.metadata.deletionTimestamp)?.metadata.name;
  if (!pod) throw new Error('precondition: a pod of payments/pg-main');
  const answer = await stalePodPage(page, 'payments', pod, 'postgres');
  const action = answer.getByTestId('pod-action');
  await expect(action).toContainText('switch over first if this one is the primary');
  await expect(action).toContainText('one instance of cluster pg-main at a time');
  await expect(answer).not.toContainText('Delete the pod');
});

test('an evicted pod leads with its eviction: what it used against its request, before any verdict', async ({ page }, info) => {
  const spec = WORKLOADS.find((w) => w.namespace === 'orders' && w.name === 'batch');
  const worker = spec?.containers[0];
  if (!spec?.evict || !worker?.workingSetMi || !spec.rows?.[worker.name])
    throw new Error('precondition: orders/batch is evicted in the scenario');
  type Pod = { metadata: { name: string }; status?: { reason?: string } };
  const evicted = kubectlJson<{ items: Pod[] }>(['-n', 'orders', 'get', 'pods', '-l', 'app.kubernetes.io/name=batch']).items.find(
    (p) => p.status?.reason === 'Evicted',
  );
  if (!evicted) throw new Error('precondition: an evicted pod of orders/batch (KWOK evicts one at cluster:up)');
  await page.goto(`/pods/orders/${evicted.metadata.name}`);
  const answer = page.getByTestId('first-lines');
  // the harness's kubelet message says the container used twice its working set, against the row it was sized with
  await expect(answer.getByTestId('pod-lead')).toHaveText(
    `Evicted: ${worker.name} was using ${worker.workingSetMi * 2}Mi against its ${spec.rows[worker.name]} request`,
  );
  const leadFirst = await answer.evaluate((a) => a.firstElementChild?.getAttribute('data-testid'));
  expect(leadFirst).toBe('pod-lead');
  await expect(answer.getByTestId('pod-action')).not.toContainText('Restart');
  await answer.screenshot({ path: info.outputPath('evicted-advice.png') });
});
