// A whole incident through /break-glass in Chromium, as the runbook tells it: Kyverno crashes, a Deployment's
// rollout is stuck with FailedCreate, the operator scales Kyverno to 0, waits, deletes its registrations, the probe
// is admitted and the stuck pod is created; Kyverno is brought back, the pod created meanwhile is listed and
// restarted, and its new pod has the table's request. Then the viewer's token, refused at every step, and the drill.
// Serial; every test leaves Kyverno as the other suites expect it (restoreKyverno throws when it cannot).
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { BreakGlassPage, auditSince, clusterSnapshot, podsOf, restoreKyverno, tokenOf } from './break-glass-page';
import { WebhookPage, kubectlAs, kyverno, registrationHealthy } from './webhook-page';
import { kyvernoRegistrations } from '../../test/integration/cluster';
import { auditWindow, callsBy, UNAUTHENTICATED, writesBy } from '../../test/audit';

test.describe.configure({ mode: 'serial' });

// The stuck rollout: a scenario Deployment in development whose row is 64Mi and whose container has only a 256Mi limit.
const STUCK = { namespace: 'development', workload: 'sandbox', row: '64Mi' };

test.beforeAll(() => {
  if (!registrationHealthy())
    throw new Error('precondition: the pod webhook must stand with its entry and owner (Kyverno healthy) before the break-glass tests');
});

test.afterAll(async () => {
  test.setTimeout(150_000);
  await restoreKyverno();
});

test('an incident: crash, refusing, break-glass step by step with reloads, back, the pod created meanwhile restarted', async ({ page }) => {
  test.setTimeout(600_000);
  const started = new Date().toISOString();
  const webhook = new WebhookPage(page);
  await webhook.goto();
  kyverno('crash');
  await webhook.runProbe('unreachable');
  await webhook.expectState('refusing', 10_000);
  kubectlAs('admin', ['-n', STUCK.namespace, 'rollout', 'restart', `deployment/${STUCK.workload}`]);
  const failed = page.locator(`[data-testid="failed-create"][data-owner^="${STUCK.namespace}/${STUCK.workload}-"]`).first();
  await expect(failed).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('break-glass-link').click();
  await expect(page).toHaveURL(/\/break-glass$/);

  const bg = new BreakGlassPage(page);
  await expect(page.getByTestId('indication')).toHaveAttribute('data-code', 'yes', { timeout: 30_000 });
  await expect(
    page.locator(`[data-testid="evidence-failed-creates"] [data-owner^="${STUCK.namespace}/${STUCK.workload}-"]`).first(),
  ).toBeVisible();
  await bg.expectNext('scale-down');
  const scale = await bg.press('step-action-scale-down', 'Scale to 0');
  await expect(scale.result).toContainText('Scaled from 3 to 0');

  // The wait is read from the cluster: a reload (which forgets the credential) resumes where it stands.
  await page.reload();
  await expect(bg.step('scale-down')).toHaveAttribute('data-status', 'done');
  await bg.expectNext('delete-registrations', 120_000);
  await expect(bg.step('wait-pods')).toHaveAttribute('data-status', 'done');
  // what the crash left standing, as kubectl lists it by the runbook's label (the stand-in's five, the real one's eight)
  const standing = clusterSnapshot().registrations;
  expect(standing.length).toBeGreaterThan(0);
  await expect(page.getByTestId('registration-to-delete')).toHaveCount(standing.length);
  await bg.press('step-action-delete-registrations', 'Delete them');
  expect(clusterSnapshot().registrations).toEqual([]);

  await bg.expectNext('probe');
  await page.reload();
  await bg.expectNext('probe');
  // the probe only reads: after the reload forgot the token, it runs without one
  await expect(bg.action('step-action-probe').getByTestId('no-credential-needed')).toBeVisible();
  await bg.press('step-action-probe', 'Run the probe');
  await expect(bg.steps).toHaveAttribute('data-phase', 'restored');
  await expect(bg.step('probe')).toHaveAttribute('data-status', 'done');

  // The stuck rollout goes on by itself once the registration is gone: its pod kept the limit as its request.
  const deletedAt = auditSince(started).find((r) => r.action === 'break-glass.delete-registrations')!;
  expect(deletedAt.outcome).toBe('success');
  await expect
    .poll(() => podsOf(STUCK.namespace, STUCK.workload).filter((p) => !p.terminating && p.createdAt >= started).length, {
      timeout: 180_000,
      intervals: [2000],
    })
    .toBeGreaterThan(0);
  const meanwhile = podsOf(STUCK.namespace, STUCK.workload).find((p) => !p.terminating && p.createdAt >= started)!;
  expect(meanwhile.requests).toEqual(['256Mi']);

  // Bring Kyverno back, resumed from another page load; its replicas come up with the fix (the stand-in restarted).
  await page.reload();
  await bg.expectNext('scale-up');
  await expect(bg.step('scale-up')).toContainText('to 3');
  await bg.press('step-action-scale-up', 'Scale to 3');
  await expect(page.getByTestId('waiting-back')).toBeVisible({ timeout: 30_000 });
  kyverno('recover');
  // The last step is any probe admitted through the registration: the header's own may come before the button's.
  await expect(page.locator('[data-testid="steps"]:is([data-next="probe-through"], [data-phase="back"])')).toBeVisible({
    timeout: 90_000,
  });
  // the registration back is ticked while the probe is awaited; once a probe ended the break-glass, no step is ticked
  await expect(
    page
      .locator('[data-testid="steps"][data-phase="back"], [data-testid="step"][data-step="registration-back"][data-status="done"]')
      .first(),
  ).toBeVisible();
  if ((await bg.steps.getAttribute('data-next')) === 'probe-through')
    await bg.press('step-action-probe-through', 'Run the probe').catch(() => undefined);
  await expect(bg.steps).toHaveAttribute('data-phase', 'back');
  expect(registrationHealthy()).toBe(true);
  // Over: one line for the session, and no ticks that would read as a break-glass half done.
  await expect(page.getByTestId('last-session')).toContainText('complete');
  await expect(bg.steps.locator('[data-testid="step"][data-status="done"]')).toHaveCount(0);

  // The pod created while the registration was gone is listed, with its verdict, and restarted.
  const group = page.locator(`[data-testid="created-group"][data-workload="${STUCK.namespace}/${STUCK.workload}"]`);
  await expect(group).toBeVisible({ timeout: 30_000 });
  await expect(group.getByTestId('created-pod').filter({ hasText: meanwhile.name })).toBeVisible();
  await expect(group.locator('[data-verdict="registration-absent"]')).toBeVisible();
  await group.getByLabel(`Restart ${STUCK.namespace}/${STUCK.workload}`).check();
  await expect(bg.action('restart-action').getByTestId('kubectl-commands')).toContainText(
    `$KC -n ${STUCK.namespace} rollout restart deployment/${STUCK.workload}`,
  );
  const restart = await bg.press('restart-action', 'Restart');
  await expect(restart.result).toContainText(`deployment/${STUCK.namespace}/${STUCK.workload}`);
  await expect
    .poll(
      () =>
        podsOf(STUCK.namespace, STUCK.workload)
          .filter((p) => !p.terminating && p.name !== meanwhile.name)
          .map((p) => p.requests[0]),
      { timeout: 120_000, intervals: [2000] },
    )
    .toEqual([STUCK.row]);
  await page.screenshot({ path: join(test.info().project.outputDir, 'break-glass/incident-back.png'), fullPage: true });

  // One audit record per step, each a success, each by the operator but the probe run with no token in the tab.
  const records = auditSince(started).filter((r) => r.action.startsWith('break-glass.') || r.action === 'workload.restart');
  // the last probe step's record is there only when the button came before the header's probe
  const pressedLast = records.length === 6;
  expect(records.map((r) => r.action)).toEqual([
    'break-glass.scale-down',
    'break-glass.delete-registrations',
    'break-glass.probe',
    'break-glass.scale-up',
    ...(pressedLast ? ['break-glass.probe'] : []),
    'workload.restart',
  ]);
  expect(records.map((r) => `${r.actor} ${r.outcome}`)).toEqual([
    'operator success',
    'operator success',
    '(no write credential) success',
    'operator success',
    ...(pressedLast ? ['operator success'] : []),
    'operator success',
  ]);
});

test('the drill end to end: save, scale to 0 (registration gone), create the copy (refused), delete (admitted), back (through Kyverno)', async ({
  page,
}) => {
  test.setTimeout(480_000);
  const started = new Date().toISOString();
  const bg = new BreakGlassPage(page);
  await bg.goto('/break-glass/drill');
  const drill = page.getByTestId('drill');
  const start = page.getByTestId('drill-action-save');
  await expect(start.getByTestId('action-warning')).toContainText('quiet moment');
  await bg.useToken('operator', start);
  await expect(start.getByRole('button', { name: /Start the drill/ })).toBeDisabled();
  await start.getByLabel('Type kyverno-admission-controller to confirm').fill('kyverno-admission-controller');
  await start.getByRole('button', { name: /Start the drill/ }).click();
  await expect(drill).toHaveAttribute('data-next', 'scale-down', { timeout: 20_000 });
  await expect(page.getByTestId('saved-registration').getByRole('link', { name: /kyverno-webhook.json/ })).toBeVisible();

  // A double-click on the scale-down is one press: one write, one audit record, one timeline entry (checked below).
  const scaleDown = bg.action('drill-action-scale-down').getByRole('button', { name: 'Scale to 0', exact: true });
  await scaleDown.dblclick();
  await expect(page.locator('[data-testid="last-result"][data-action="drill-action-scale-down"]')).toBeVisible({ timeout: 45_000 });
  await expect(drill).toHaveAttribute('data-next', 'create-saved', { timeout: 120_000 });
  // The next button appears where the last one was, and it refuses every covered pod: a click as it appears does nothing.
  const createSaved = bg.action('drill-action-create-saved').getByRole('button', { name: 'Create the saved copy' });
  await expect(createSaved).toBeDisabled();
  await expect(bg.action('drill-action-create-saved').getByTestId('action-pause')).toBeVisible();
  const box = (await createSaved.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(1_000);
  await expect(createSaved).toBeEnabled({ timeout: 10_000 });
  expect(auditSince(started).filter((r) => r.action === 'drill.create-saved')).toEqual([]);
  expect(kyvernoRegistrations().filter((r) => r.endsWith('/kyverno-resource-mutating-webhook-cfg'))).toEqual([]);
  await page.reload(); // resumes from the cluster and the records
  await expect(drill).toHaveAttribute('data-next', 'create-saved');
  await bg.press('drill-action-create-saved', 'Create the saved copy');
  await bg.press('drill-action-probe', 'Run the probe');
  await expect(page.locator('[data-step="create-saved"] [data-testid="drill-check"]')).toHaveAttribute('data-status', 'holds');
  await bg.press('drill-action-delete-registrations', 'Delete by label');
  await bg.press('drill-action-probe', 'Run the probe');
  await expect(page.locator('[data-step="delete-registrations"] [data-testid="drill-check"]')).toHaveAttribute('data-status', 'holds');
  await bg.press('drill-action-scale-up', 'Scale back to 3');
  // The last check is any probe admitted through the registration: the header's own may come first.
  const lastProbe = page.getByTestId('drill-action-probe');
  await expect(lastProbe.or(page.getByTestId('drill-complete')).first()).toBeVisible({ timeout: 90_000 });
  if (await lastProbe.isVisible()) await bg.press('drill-action-probe', 'Run the probe').catch(() => undefined);
  await expect(page.getByTestId('drill-complete')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: join(test.info().project.outputDir, 'break-glass/drill-complete.png'), fullPage: true });
  expect(registrationHealthy()).toBe(true);
  const records = auditSince(started).map((r) => `${r.action} ${r.outcome}`);
  expect(records.slice(0, 7)).toEqual([
    'drill.save success',
    'break-glass.scale-down success',
    'drill.create-saved success',
    'break-glass.probe success',
    'break-glass.delete-registrations success',
    'break-glass.probe success',
    'break-glass.scale-up success',
  ]);
  expect(records.slice(7)).toEqual(records.length > 7 ? ['break-glass.probe success'] : []);
  // the last result names the step pressed, not its button's id; the break-glass page calls it the drill it was
  await expect(page.getByTestId('last-result')).toContainText('Last step done here: ');
  await expect(page.getByTestId('last-result')).not.toContainText('drill-action-');
  await bg.goto('/break-glass');
  await expect(page.getByTestId('last-session')).toContainText('Last drill');
  await expect(page.getByTestId('last-session')).not.toContainText('break-glass');
  // the drill's incident: the scale-down once, causes before their effects
  await page.goto('/incidents');
  const row = page.getByTestId('incident-row').first();
  await expect(row).toHaveAttribute('data-kind', 'drill');
  await page.goto(`/incidents/${await row.getAttribute('data-id')}`);
  const steps = page.locator('[data-testid="timeline-entry"][data-kind="step"]');
  await expect(steps.filter({ hasText: 'Scale the admission controller to 0' })).toHaveCount(1);
  await expect(steps).toHaveCount(records.length);
  const kinds = await page.getByTestId('timeline-entry').evaluateAll((all) => all.map((e) => e.getAttribute('data-kind')));
  expect(kinds.indexOf('step')).toBeLessThan(kinds.indexOf('registration-gone'));
});

test("the viewer's token is refused at every step with the cluster's 403, and nothing changes", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const started = new Date().toISOString();
  const before = clusterSnapshot();
  // the API server's own log of the steps: whatever memdash sent with the viewer's token, the cluster refused
  const window = auditWindow();
  const bg = new BreakGlassPage(page);
  await bg.goto();
  // Through the page: the first step's button, with the viewer's token (Kyverno is healthy: it is behind "anyway").
  await page.getByTestId('start-anyway').locator('summary').click();
  const scale = await bg.press('step-action-scale-down', 'Scale to 0', 'viewer');
  await expect(scale.error).toHaveAttribute('data-error', 'forbidden');
  await expect(scale.error).toContainText('User "viewer" cannot get resource "deployments/scale"');
  await expect(bg.action('step-action-scale-down').getByTestId('access-answers')).toContainText('may not update deployments/scale');
  // And every other write as a script would call it.
  const post = (path: string, data: object = {}) =>
    page.request.post(path, {
      headers: { origin: baseURL!, authorization: `Bearer ${tokenOf('viewer')}`, 'content-type': 'application/json' },
      data,
    });
  for (const [path, body, words] of [
    ['/api/break-glass/delete-registrations', {}, 'cannot delete resource "mutatingwebhookconfigurations"'],
    ['/api/break-glass/scale-up', {}, 'cannot get resource "deployments/scale"'],
    ['/api/workloads/development/sandbox/restart', { kind: 'Deployment' }, 'cannot patch resource "deployments"'],
    ['/api/break-glass/drill/save', { confirm: 'kyverno-admission-controller' }, 'may not update deployments/scale'],
    ['/api/break-glass/drill/create-saved', {}, 'cannot create resource "mutatingwebhookconfigurations"'],
  ] as const) {
    const answer = await post(path, body);
    const json = (await answer.json()) as { error: { code: string; message: string } };
    expect(answer.status(), path).toBe(403);
    expect(json.error.message, path).toContain(words);
  }
  const calls = await window.calls();
  // Each step that got as far as a write sent the one kubectl would, and the cluster refused it; the others stopped at
  // the refused read of the scale or at memdash's own access review. The dry-run probe memdash runs by itself stores
  // nothing. Nothing else was written as anyone memdash acts as (the viewer is its read credential here too).
  const writes = writesBy(calls, 'viewer', 'operator', UNAUTHENTICATED).filter((c) => !c.dryRun);
  const refused = (verb: string, resource: string, target: { namespace?: string; name?: unknown }) => ({
    user: 'viewer',
    verb,
    resource,
    ...target,
    code: 403,
  });
  const registrations = 'admissionregistration.k8s.io/mutatingwebhookconfigurations';
  expect(writes).toEqual([
    refused('delete', registrations, { name: expect.any(String) }),
    refused('patch', 'apps/deployments', { namespace: 'development', name: 'sandbox' }),
    refused('create', registrations, {}),
  ]);
  // the one it tried to delete first was standing (kubectl names it by kind.group/name)
  expect(before.registrations).toContain(`mutatingwebhookconfiguration.admissionregistration.k8s.io/${writes[0]!.name}`);
  expect(callsBy(calls, 'operator')).toEqual([]);
  expect(clusterSnapshot()).toEqual(before);
  const records = auditSince(started);
  expect(records.map((r) => `${r.action} ${r.actor} ${r.outcome}`)).toEqual([
    'break-glass.scale-down viewer refused',
    'break-glass.delete-registrations viewer refused',
    'break-glass.scale-up viewer refused',
    'workload.restart viewer refused',
    'drill.save viewer refused',
    'drill.create-saved viewer refused',
  ]);
});

test('the pages on a desktop, a phone and in the dark', async ({ browser }, info) => {
  test.setTimeout(180_000);
  for (const [name, options] of [
    ['desktop', { viewport: { width: 1280, height: 900 } }],
    ['phone', { viewport: { width: 390, height: 844 } }],
    ['dark', { colorScheme: 'dark' as const }],
  ] as const) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    for (const path of ['/break-glass', '/break-glass/drill']) {
      await page.goto(path);
      await expect(page.getByTestId(path.endsWith('drill') ? 'drill' : 'steps')).toBeVisible({ timeout: 30_000 });
      // nothing of the page's own wider than the screen but what scrolls on its own (commands, the pods table); the
      // shared header and the write credential's form are other pages' too (their file input overflows a phone: reported)
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter(
            (e) =>
              e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.overflow-x-auto, [data-testid="credential-form"]'),
          )
          .map((e) => `${e.tagName} ${(e.textContent ?? '').slice(0, 40)}`),
      );
      expect(wide, `${name} ${path}: wider than the screen`).toEqual([]);
      await page.screenshot({ path: info.outputPath(`${name}${path.replaceAll('/', '-')}.png`), fullPage: true });
    }
    await context.close();
  }
});

test('on a phone, while pod creation is refused, the step to take is on the first screen, under a one-row header', async ({
  browser,
}, info) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    const webhook = new WebhookPage(page);
    await webhook.goto();
    kyverno('crash');
    await webhook.runProbe('unreachable');
    await webhook.expectState('refusing', 10_000);
    await page.goto('/break-glass');
    await expect(page.getByTestId('indication')).toHaveAttribute('data-code', 'yes', { timeout: 30_000 });
    const action = page.getByTestId('step-action-scale-down');
    await expect(action).toBeVisible({ timeout: 30_000 });
    // the step's card, its title and what it acts on, starts within the first screen: before the evidence and the
    // list of steps (its commands, credential and confirmation follow within the card)
    const box = (await action.boundingBox())!;
    expect(box.y + 120, "the scale-down step's card, its title and target, on an 844 px screen").toBeLessThanOrEqual(844);
    const evidence = await page.getByTestId('indication').boundingBox();
    expect(evidence!.y, 'the evidence comes after the step').toBeGreaterThan(box.y);
    const header = (await page.locator('header').boundingBox())!;
    expect(header.height, "the header's height in the refusing state").toBeLessThanOrEqual(72);
    await expect(page.locator('header').getByTestId('pod-creation-state')).toHaveAttribute('data-state', 'refusing');
    await page.screenshot({ path: info.outputPath('phone-refusing-first-screen.png') });
    // the webhook page's banner, red in this state: every text on it readable (axe, as pages.spec.ts runs it)
    await page.goto('/webhook');
    await expect(page.getByTestId('webhook-state')).toHaveAttribute('data-state', 'refusing', { timeout: 30_000 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      const contrast = result.violations.filter((v) => v.id === 'color-contrast').flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
      expect(contrast, `contrast in the refusing state (${colorScheme})`).toEqual([]);
    }
  } finally {
    await context.close();
    await restoreKyverno();
  }
});
