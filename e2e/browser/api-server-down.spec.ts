// The header while the API server is away, as on the runbook's "the API token or the apiserver VIP is the broken
// thing" day: the local cluster's kube-apiserver stopped, as a restart stops it, then started again by the harness.
// memdash's watch-fed caches still hold a healthy Kyverno meanwhile; the header must not say healthy from them.
import { expect, test } from '@playwright/test';
import { ensureApiserver } from '../cluster/lib/control-plane.ts';
import { isRunning, stopDaemon } from '../cluster/lib/processes.ts';
import { readState } from '../cluster/lib/state.ts';
import { requirePodWebhook } from '../../test/integration/cluster';
import { WebhookPage } from './webhook-page';

test.describe.configure({ mode: 'serial' });
test.beforeAll(requirePodWebhook);

function cluster() {
  const state = readState();
  if (!state || !isRunning(state.processes['kube-apiserver']))
    throw new Error('precondition: the local cluster with its kube-apiserver running (run `npm run cluster:up`)');
  return state;
}

// Whatever happens in the test, the API server is running again for the specs after this one.
test.afterAll(async () => {
  test.setTimeout(180_000);
  const state = readState();
  if (state && !isRunning(state.processes['kube-apiserver'])) await ensureApiserver(state);
});

test('pod creation is unknown, amber, linking to the control-plane fallback while the API server is stopped; healthy once back', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const state = cluster();
  const webhook = new WebhookPage(page);
  await webhook.goto();
  await webhook.expectState('healthy');
  await page.goto('/pods'); // any page: the header is every page's
  await expect(webhook.headerState).toHaveAttribute('data-state', 'healthy');

  await stopDaemon(state, 'kube-apiserver');
  try {
    await expect(page.getByTestId('cluster-status')).toHaveText('● cluster unreachable', { timeout: 45_000 });
    await expect(webhook.headerState).toHaveAttribute('data-state', 'unknown', { timeout: 30_000 });
    await expect(webhook.headerState).toHaveText('● pod creation: unknown');
    await expect(webhook.headerState).toHaveClass(/text-amber-800/);
    await expect(webhook.headerState).toHaveAttribute('title', /memdash cannot reach the Kubernetes API server|The probe could not run/);
    // the way out when the API server is the broken thing: the commands for a control-plane node, open
    await webhook.headerState.click();
    await expect(page).toHaveURL(/\/break-glass#control-plane-fallback$/);
    await expect(page.locator('#control-plane-fallback')).toHaveJSProperty('open', true);
    await expect(page.getByTestId('fallback-restore').first()).toContainText('sudo microk8s kubectl');

    // the webhook page's verdict on top says the same
    await webhook.goto();
    await expect(webhook.state).toHaveAttribute('data-state', 'unknown', { timeout: 30_000 });
    await expect(page.getByTestId('fallback-link')).toHaveAttribute('href', '/c/local/break-glass#control-plane-fallback');
  } finally {
    await ensureApiserver(state);
  }
  await webhook.expectState('healthy', 120_000);
  await expect(page.getByTestId('cluster-status')).not.toHaveText('● cluster unreachable', { timeout: 30_000 });
});
