// The webhook page in Chromium while the local cluster's Kyverno goes through the states the runbook describes:
// healthy → crash (refusing) → recover → deny → scale to 0 (break-glass) → scale to 3 (starting, then healthy) → owner
// lost (orphaned) → another product's Fail webhook over kyverno-prd (flagged) → a read RBAC refuses (one panel says
// so). Serial, and it leaves the cluster healthy: registration back with its owner, Kyverno at 3, switches normal,
// the viewer's ClusterRole as the harness made it.
import { expect, test } from '@playwright/test';
import { rbacObjects } from '../cluster/scenario/rbac.ts';
import { kyvernoRegistrations, requirePodWebhook } from '../../test/integration/cluster';
import {
  FAIL_CLOSED_WEBHOOK,
  ROLLING_DEPLOYMENT,
  WEBHOOK_OWNER,
  WebhookPage,
  kubectlAs,
  kyverno,
  registrationHealthy,
  scaleAdmissionController,
} from './webhook-page';

test.describe.configure({ mode: 'serial' });
// The states start from the healthy cluster `cluster:up` leaves; if it is not, every test here fails naming why.
test.beforeAll(requirePodWebhook);

test.afterAll(async () => {
  test.setTimeout(120_000);
  kyverno('allow');
  scaleAdmissionController(3);
  kubectlAs('admin', ['apply', '-f', '-'], JSON.stringify(WEBHOOK_OWNER));
  kyverno('recover'); // starts the stand-in if it is not running, and waits until it serves
  kubectlAs('admin', ['delete', 'validatingwebhookconfiguration,deployment', '-A', '-l', 'memdash.local/test=webhook', '--wait=false']);
  await expect.poll(registrationHealthy, { timeout: 60_000, intervals: [500] }).toBe(true);
});

test('healthy: one verdict on top, the probe admitted, the registrations as the runbook expects', async ({ page }) => {
  const webhook = new WebhookPage(page);
  await webhook.goto();
  await webhook.expectState('healthy');
  await expect(webhook.probe).toHaveAttribute('data-outcome', 'admitted');
  await expect(page.getByTestId('last-read')).toContainText('last read');
  await expect(page.getByTestId('skipped-namespaces')).toHaveText('argocd-hooks, argocd-prd, kube-system, kyverno-prd, metallb-system');
  await expect(webhook.panel('kyverno-registrations').locator('[data-ok="false"]')).toHaveCount(0);
  // as many as kubectl lists by the runbook's label: the stand-in makes five, Kyverno v1.19.1 eight
  await expect(webhook.panel('kyverno-registrations').locator('[data-registration]')).toHaveCount(kyvernoRegistrations().length);
  await expect(webhook.panel('admission-pod').first()).toBeVisible();
  await expect(page.getByTestId('admission-pod')).toHaveCount(3);
  await expect(page.locator('[data-testid="audit-finding"][data-severity="deadlock"]')).toHaveCount(0);
  await expect(page.getByTestId('mutating-policy')).toContainText('READY true');
  // healthy: nothing to break glass for; the table, the runs and each admission pod are a click away
  await expect(page.getByTestId('break-glass-link')).toHaveCount(0);
  await expect(page.getByTestId('table-link')).toHaveAttribute('href', '/c/local/table');
  await expect(page.getByTestId('snapshot-runs-link')).toHaveAttribute('href', '/c/local/snapshot/runs');
  for (const run of await page.getByTestId('webhook-snapshot-run').all()) {
    const name = (await run.getByRole('link').textContent()) ?? '';
    await expect(run.getByRole('link')).toHaveAttribute('href', `/c/local/snapshot/runs/${name}`);
  }
  const admissionPods = kubectlAs('viewer', [
    '-n',
    'kyverno-prd',
    'get',
    'pods',
    '-l',
    'app.kubernetes.io/component=admission-controller',
    '-o',
    'name',
  ])
    .trim()
    .split('\n')
    .map((p) => p.replace('pod/', ''));
  for (const pod of admissionPods)
    await expect(page.getByRole('link', { name: pod, exact: true })).toHaveAttribute('href', `/c/local/pods/kyverno-prd/${pod}`);
  await webhook.screenshot('1-healthy');
});

test('the state and the panels are in the HTML the server sends, and hydrating it keeps them as they are', async ({ page, request }) => {
  // a plain HTTP GET, no script run: what paints first
  const html = await (await request.get('/webhook')).text();
  expect(html).toMatch(/data-testid="webhook-state" data-state="healthy"/);
  expect(html).toContain('data-testid="admission-pod"');
  expect(html).not.toContain('Reading the cluster…');
  expect(html).toContain('<title>healthy · Webhook health · memdash · local</title>');
  // React throws the server's HTML away when the browser's first render differs from it (ages taken at two times)
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => void errors.push(e.message));
  const webhook = new WebhookPage(page);
  await webhook.goto();
  await webhook.expectState('healthy');
  await expect(webhook.probe).toHaveAttribute('data-outcome', 'admitted'); // hydrated: the probe ran from the browser
  await expect(page).toHaveTitle('healthy · Webhook health · memdash · local');
  expect(errors.filter((e) => /hydrat|did(n't| not) match/i.test(e))).toEqual([]);
});

test('crash: the probe is refused, the page says refusing and links to the break-glass; refused creates are listed', async ({ page }) => {
  const webhook = new WebhookPage(page);
  await webhook.goto();
  await webhook.expectState('healthy');
  kyverno('crash');
  await webhook.runProbe('unreachable');
  await webhook.expectState('refusing', 5_000);
  await expect(webhook.probe).toContainText('failed calling webhook "mpol.validate.kyverno.svc-fail"');
  await expect(page.getByTestId('break-glass-link')).toHaveAttribute('href', '/c/local/break-glass');
  // The stand-in's pods stay Ready when it is killed, so the objects alone read healthy: both are shown.
  await expect(webhook.state).toHaveAttribute('data-computed', 'healthy');
  await expect(page.getByTestId('contradiction')).toContainText('none answers');
  // every page's header says pods are refused, in red, and leads to the break-glass
  await page.goto('/table');
  await expect(webhook.headerState).toHaveAttribute('data-state', 'refusing', { timeout: 15_000 });
  await expect(webhook.headerState).toHaveText('● Pod creation refused: break-glass →');
  await expect(webhook.headerState).toHaveAttribute('href', '/c/local/break-glass');
  await webhook.goto();

  kubectlAs('admin', ['apply', '-f', '-'], JSON.stringify(ROLLING_DEPLOYMENT));
  await expect(page.locator('[data-testid="failed-create"][data-owner^="development/memdash-e2e-roll-"]')).toBeVisible({ timeout: 45_000 });
  await webhook.screenshot('2-refusing');
});

test('recover: admitted again, healthy', async ({ page }) => {
  const webhook = new WebhookPage(page);
  kyverno('recover');
  await webhook.goto();
  await webhook.runProbe('admitted');
  await webhook.expectState('healthy');
});

test('deny: Kyverno answers with an error from the policy; the probe says the fix is in the policy', async ({ page }) => {
  const webhook = new WebhookPage(page);
  await webhook.goto();
  kyverno('deny');
  await webhook.runProbe('denied');
  await expect(webhook.probe).toContainText('the fix is in the policy');
  await expect(page.getByTestId('contradiction')).toContainText('denied by the policy');
  await expect(webhook.headerState).toHaveAttribute('data-state', 'denied');
  kyverno('allow');
  await webhook.runProbe('admitted');
});

test('scale to 0: the clean shutdown deletes the registration, break-glass', async ({ page }) => {
  const webhook = new WebhookPage(page);
  await webhook.goto();
  scaleAdmissionController(0);
  await webhook.expectState('break-glass', 90_000);
  await expect(page.getByTestId('registration-absent')).toBeVisible();
  await expect(page.getByTestId('replicas')).toHaveAttribute('data-ready', '0');
  await expect(page.getByTestId('break-glass-link')).toHaveAttribute('href', '/c/local/break-glass');
  await expect(page.getByTestId('break-glass-link')).toContainText('Bring Kyverno back');
  await webhook.runProbe('admitted');
  await webhook.screenshot('3-break-glass');
});

test('scale to 3: starting while no leader has registered yet, then healthy once it does', async ({ page }) => {
  const webhook = new WebhookPage(page);
  await webhook.goto();
  kyverno('crash'); // holds the leader back, so "ready replicas, no registration yet" lasts long enough to see
  scaleAdmissionController(3);
  await webhook.expectState('starting');
  await expect(webhook.state).toContainText('3 of 3 replicas ready');
  await webhook.screenshot('4-starting');
  kyverno('recover');
  await webhook.expectState('healthy');
});

test('owner lost: the registration stands without its ClusterRole, orphaned, and the registrations check says so', async ({ page }) => {
  test.setTimeout(120_000);
  const webhook = new WebhookPage(page);
  await webhook.goto();
  // Deleting the owner lets the garbage collector take what it owned; the leader re-creates it without an owner.
  kubectlAs('admin', ['delete', 'clusterrole', WEBHOOK_OWNER.metadata.name]);
  await webhook.expectState('orphaned', 60_000);
  const row = webhook.panel('kyverno-registrations').locator('[data-registration="kyverno-resource-mutating-webhook-cfg"]');
  await expect(row).toHaveAttribute('data-ok', 'false');
  await expect(row).toContainText('outlives the app');
  await webhook.screenshot('5-orphaned');
  kubectlAs('admin', ['apply', '-f', '-'], JSON.stringify(WEBHOOK_OWNER));
  await webhook.expectState('healthy', 60_000);
});

test("another product's Fail webhook over kyverno-prd is flagged as a bootstrap-deadlock risk", async ({ page }) => {
  const webhook = new WebhookPage(page);
  kubectlAs('admin', ['apply', '-f', '-'], JSON.stringify(FAIL_CLOSED_WEBHOOK));
  await webhook.goto();
  const finding = page.locator('[data-testid="audit-finding"][data-registration="memdash-e2e-fail-closed"]');
  await expect(finding).toHaveAttribute('data-severity', 'deadlock');
  await expect(finding).toContainText('kyverno-prd, kube-system');
  await webhook.screenshot('6-fail-closed-audit');
});

test("a read RBAC refuses blanks only its panel, saying what memdash's credential needs", async ({ page }) => {
  const viewer = rbacObjects().find(
    (o) => (o as { metadata: { name: string } }).metadata.name === 'memdash-viewer' && (o as { kind: string }).kind === 'ClusterRole',
  ) as { rules: Array<{ apiGroups: string[] }> };
  const withoutBudgets = { ...viewer, rules: viewer.rules.filter((r) => !r.apiGroups.includes('policy')) };
  kubectlAs('admin', ['apply', '-f', '-'], JSON.stringify(withoutBudgets));
  try {
    const webhook = new WebhookPage(page);
    await webhook.goto();
    const refused = webhook.panel('admission-pdb').getByTestId('panel-error');
    await expect(refused).toHaveAttribute('data-error', 'forbidden', { timeout: 30_000 });
    await expect(refused).toContainText('cannot list resource "poddisruptionbudgets"');
    await expect(refused).toContainText("memdash's read credential needs: list poddisruptionbudgets.policy in kyverno-prd");
    await expect(webhook.panel('admission-replicas').getByTestId('panel-error')).toHaveCount(0);
    await webhook.expectState('healthy');
    await webhook.screenshot('7-forbidden-panel');
  } finally {
    kubectlAs('admin', ['apply', '-f', '-'], JSON.stringify(viewer));
  }
});

test('the home page shows the verdict compactly and links to the webhook page', async ({ page }) => {
  await page.goto('/');
  const summary = page.getByTestId('webhook-summary');
  await expect(summary.getByTestId('webhook-state')).toHaveAttribute('data-state', 'healthy', { timeout: 30_000 });
  await new WebhookPage(page).screenshot('8-home');
  await summary.getByRole('link', { name: /Webhook health/ }).click();
  await expect(page).toHaveURL(/\/webhook$/);
});
