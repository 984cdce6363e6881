// /lifecycle in Chromium, as an operator uses it around an upgrade and a removal of Kyverno: healthy (nothing to delete,
// the deletes refused while the admission controller answers), an upgrade that dropped the owner (the alarm), and a
// removal that left the owner-less registrations, deleted through the page, the CRD delete behind its typed count.
// Each test puts Kyverno back as `cluster:up` left it.
import { expect, test, type Page } from '@playwright/test';
import { kubectl, kubectlJson, requirePodWebhook, until } from '../../test/integration/cluster';
import {
  DEPLOYMENT,
  NS,
  OWNER,
  OWNERLESS,
  POD_REGISTRATION,
  kyvernoCrdsNow,
  kyvernoStanding,
  putKyvernoBack,
  registrationsWithOwners,
  removeKyverno,
} from '../../test/integration/kyverno-removal';
import { GuardedButton, shoot, tokenOf } from './write-page';

test.describe.configure({ mode: 'serial' });
test.afterEach(putKyvernoBack);

const SHOTS = 'test-results/lifecycle';

async function open(page: Page): Promise<void> {
  await page.goto('/lifecycle');
  await expect(page.getByRole('heading', { name: 'Upgrading and removing Kyverno' })).toBeVisible();
}

test('the page hydrates without an error: desktop and phone, light and dark', async ({ browser }) => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ])
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport, colorScheme });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error' && /hydrat|#418|#423|#425/i.test(m.text())) errors.push(m.text());
      });
      await open(page);
      await expect(page.getByTestId('leftovers')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(errors, `${viewport.width} px, ${colorScheme}`).toEqual([]);
      await context.close();
    }
});

test('healthy: every registration owned as the runbook expects, the version read, the deletes not offered', async ({ page }) => {
  requirePodWebhook();
  await open(page);
  const owners = registrationsWithOwners();
  const rows = page.getByTestId('kyverno-registrations').locator('[data-registration]');
  await expect(rows).toHaveCount(Object.keys(owners).filter((n) => n.includes('/kyverno-')).length);
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('upgrade-alarm-none')).toBeVisible();
  await expect(page.getByTestId('kubectl-commands').first().locator('pre')).toHaveText(
    'cexec iac kubectl get mutatingwebhookconfigurations,validatingwebhookconfigurations \\\n' +
      "  -o custom-columns='NAME:.metadata.name,OWNER:.metadata.ownerReferences[*].name' | grep kyverno",
  );
  const image = kubectlJson<{ spec: { template: { spec: { containers: Array<{ image: string }> } } } }>([
    '-n',
    NS,
    'get',
    'deployment',
    DEPLOYMENT,
  ]).spec.template.spec.containers[0]!.image;
  await expect(page.getByTestId('kyverno-version')).toHaveText(image.split(':').pop()!);
  await expect(page.getByTestId('admission-answers')).toHaveAttribute('data-answers', 'true');
  for (const name of OWNERLESS) await expect(page.locator(`[data-leftover="${name}"]`)).toHaveAttribute('data-standing', 'true');
  const leftovers = page.getByTestId('removal-delete-registrations');
  await expect(leftovers.getByRole('button', { name: 'Delete them' })).toBeDisabled();
  await expect(leftovers).toContainText('an admission controller still answers (3 of 3 replicas ready, 3 pods left)');
  await expect(page.getByTestId('removal-delete-crds').getByRole('button', { name: 'Delete the CRDs' })).toBeDisabled();
  await shoot(page, `${SHOTS}/1-healthy.png`);
});

test('an upgrade that dropped the owner: the pod registration without it is the alarm', async ({ page }) => {
  requirePodWebhook();
  kubectl(['delete', 'clusterrole', OWNER], 'admin'); // the leader re-creates the registrations with no owner
  await until(
    'the pod registration re-created without an owner',
    () => registrationsWithOwners()[`MutatingWebhookConfiguration/${POD_REGISTRATION}`]?.length === 0,
    90_000,
  );
  await open(page);
  await expect(page.getByTestId('upgrade-alarm')).toContainText(`${POD_REGISTRATION}: no owner`, { timeout: 30_000 });
  await expect(page.locator(`[data-registration="${POD_REGISTRATION}"]`)).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('owner-role')).toHaveAttribute('data-exists', 'false');
  await shoot(page, `${SHOTS}/2-owner-dropped.png`);
});

test('after a removal: the leftovers deleted through the page, the CRDs only once their count is typed', async ({ page }) => {
  test.setTimeout(300_000);
  requirePodWebhook();
  await removeKyverno();
  await open(page);
  await expect(page.getByTestId('admission-answers')).toHaveAttribute('data-answers', 'false', { timeout: 30_000 });
  await expect(page.getByTestId('deployment-absent')).toBeVisible();
  const leftovers = new GuardedButton(page.getByTestId('removal-delete-registrations'));
  await leftovers.useToken(tokenOf('operator'));
  await leftovers.expectMay(/operator may delete validatingwebhookconfigurations kyverno-exception-validating-webhook-cfg/);
  await expect(leftovers.section.getByTestId('kubectl-commands').locator('pre')).toContainText(
    'cexec iac kubectl $KC delete validatingwebhookconfiguration kyverno-exception-validating-webhook-cfg',
  );
  await shoot(page, `${SHOTS}/3-removed.png`);
  await leftovers.button('Delete them').click();
  await expect(leftovers.section.getByTestId('removal-result')).toContainText(`Deleted ${OWNERLESS[1]}`);
  expect(kyvernoStanding()).toEqual([]);

  const crds = kyvernoCrdsNow();
  const crdDelete = new GuardedButton(page.getByTestId('removal-delete-crds'));
  const typed = crdDelete.section.getByLabel(`Type delete ${crds.length} CRDs to confirm`);
  await expect(crdDelete.button('Delete the CRDs')).toBeDisabled();
  await typed.fill(`delete ${crds.length + 1} CRDs`);
  await expect(crdDelete.button('Delete the CRDs')).toBeDisabled();
  await typed.fill(`delete ${crds.length} CRDs`);
  await expect(crdDelete.button('Delete the CRDs')).toBeEnabled();
  await shoot(page, `${SHOTS}/4-crds-typed.png`);
  await crdDelete.button('Delete the CRDs').click();
  await expect(crdDelete.section.getByTestId('removal-result')).toContainText(`Deleted ${crds.join(', ')}`);
  await until('the CRDs gone', () => kyvernoCrdsNow().length === 0, 60_000);
});
