// The break-glass page's control-plane fallback, copied as an operator at 3 a.m. would: each block's Copy puts on the
// clipboard exactly the step it belongs to. The restore never scales Kyverno back up (pasted whole, a crash-looping
// replica would register the webhooks again a second after the delete); bringing it back is its own block.
// The expected lines are the runbook's, written out here with the default settings (nodes srvk8s1..3).
import { expect, test } from '@playwright/test';

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
