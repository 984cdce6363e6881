// The break-glass page with Kyverno healthy, read before anything is pressed: no step is offered as the next one, the
// whole procedure can be read as kubectl, and the control-plane fallback's blocks, copied as an operator at 3 a.m.
// would, each put on the clipboard exactly the step they belong to. The restore never scales Kyverno back up (pasted whole, a crash-looping
// replica would register the webhooks again a second after the delete); bringing it back is its own block.
// The expected lines are the runbook's, written out here with the default settings (nodes srvk8s1..3).
import { expect, test } from '@playwright/test';

test('healthy: no next step, nothing ticked, the read-only procedure readable, statuses in words', async ({ page }) => {
  await page.goto('/break-glass');
  await expect(page.getByTestId('indication')).toHaveAttribute('data-code', 'no', { timeout: 30_000 });
  const steps = page.getByTestId('steps');
  await expect(steps).toHaveAttribute('data-next', '');
  await expect(steps.getByTestId('step')).toHaveCount(8);
  for (const step of await steps.getByTestId('step').all()) {
    await expect(step).toHaveAttribute('data-status', 'pending');
    await expect(step).not.toHaveAttribute('aria-current', 'step');
    await expect(step).toContainText('Not yet:'); // the status in words, not only the hidden glyph
  }
  await expect(page.getByTestId('step-action-scale-down')).toBeHidden();
  const anyway = page.getByTestId('start-anyway');
  await expect(anyway).toContainText('No step is indicated');
  await anyway.locator('summary').click();
  await expect(anyway.getByTestId('step-action-scale-down').getByRole('button', { name: 'Scale to 0' })).toHaveAttribute(
    'data-breaks-pod-creation',
    'yes',
  );

  const procedure = page.getByTestId('whole-procedure');
  await procedure.locator('summary').click();
  const blocks = procedure.getByTestId('kubectl-commands');
  await expect(blocks).toHaveCount(5);
  await expect(blocks.nth(0).locator('pre')).toHaveText(
    [
      'cexec iac kubectl $KC -n kyverno-prd scale deployment kyverno-admission-controller --replicas=0',
      'cexec iac kubectl -n kyverno-prd wait --for=delete pod -l app.kubernetes.io/component=admission-controller --timeout=2m',
    ].join('\n'),
  );
  await expect(blocks.nth(1).locator('pre')).toHaveText(
    'cexec iac kubectl $KC delete mutatingwebhookconfiguration,validatingwebhookconfiguration -l webhook.kyverno.io/managed-by=kyverno',
  );
  // bringing Kyverno back is never in a block that restores
  for (const i of [0, 1, 2]) await expect(blocks.nth(i).locator('pre')).not.toContainText('--replicas=3');
  await expect(blocks.nth(3).locator('pre')).toContainText('--replicas=3');
});

const ON = (node: string) => `ssh ansible@${node} sudo microk8s kubectl`;

test("each fallback block's Copy puts only its own step on the clipboard", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/break-glass');
  const fallback = page.getByTestId('fallback');
  await fallback.locator('summary').click();
  const nodes = fallback.getByTestId('fallback-node');
  await expect(nodes).toHaveCount(3);
  for (const [i, node] of ['srvk8s1', 'srvk8s2', 'srvk8s3'].entries()) {
    const restore = nodes.nth(i).getByTestId('fallback-restore');
    await restore.getByRole('button').click();
    await expect(restore.getByRole('button')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      [
        `${ON(node)} -n kyverno-prd scale deployment kyverno-admission-controller --replicas=0`,
        `${ON(node)} -n kyverno-prd wait --for=delete pod -l app.kubernetes.io/component=admission-controller --timeout=2m`,
        `${ON(node)} delete mutatingwebhookconfiguration,validatingwebhookconfiguration -l webhook.kyverno.io/managed-by=kyverno`,
      ].join('\n'),
    );

    const bringBack = nodes.nth(i).getByTestId('fallback-bring-back');
    await expect(bringBack.getByRole('note')).toContainText('Only once the fix is in');
    await bringBack.getByRole('button').click();
    await expect(bringBack.getByRole('button')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${ON(node)} -n kyverno-prd scale deployment kyverno-admission-controller --replicas=3`,
    );
  }
});
