// The break-glass and drill pages as an operator drives them, and what the tests read from the cluster and the
// history store to check them (kubectl and SQLite, not the code under test).
import Database from 'better-sqlite3';
import { expect, type Locator, type Page } from '@playwright/test';
import { kyvernoRegistrations } from '../../test/integration/cluster';
import { tokenOf } from '../../test/integration/write-harness';
import { kubectlAs, kyverno, registrationHealthy, scaleAdmissionController } from './webhook-page';

export { tokenOf };

export class BreakGlassPage {
  constructor(readonly page: Page) {}

  async goto(path = '/break-glass') {
    await this.page.goto(path);
  }

  get steps(): Locator {
    return this.page.getByTestId('steps');
  }

  step(id: string): Locator {
    return this.page.locator(`[data-testid="step"][data-step="${id}"]`);
  }

  action(id: string): Locator {
    return this.page.getByTestId(id);
  }

  /** Gives the tab a write credential through the first credential form on the page. */
  async useToken(user: 'viewer' | 'operator', within: Locator) {
    await within.getByLabel('Write token').fill(tokenOf(user));
    await within.getByRole('button', { name: 'Use token' }).click();
    await expect(within.getByTestId('actor')).toHaveText(user);
  }

  /** Presses the guarded button of a step and waits for its answer (a result or the cluster's refusal). */
  async press(
    actionId: string,
    button: string | RegExp,
    user: 'viewer' | 'operator' = 'operator',
  ): Promise<{ error: Locator; result: Locator }> {
    const action = this.action(actionId);
    await expect(action).toBeVisible({ timeout: 30_000 });
    if (await action.getByTestId('credential-form').isVisible()) await this.useToken(user, action);
    const last = this.page.getByTestId('last-result');
    const seq = (await last.count()) ? await last.getAttribute('data-seq') : null;
    await action.getByRole('button', { name: button, exact: typeof button === 'string' }).click();
    // The step's button moves on to the next step once done; its answer stays in "last result".
    const done = this.page.locator(`[data-testid="last-result"][data-action="${actionId}"]${seq ? `:not([data-seq="${seq}"])` : ''}`);
    const refused = action.getByTestId('action-error');
    const restarted = action.getByTestId('action-result');
    // A step's own result can still show while "last result" already has it: either one is the answer.
    await expect(done.or(refused).or(restarted).first()).toBeVisible({ timeout: 45_000 });
    return { error: refused, result: actionId === 'restart-action' ? restarted : done };
  }

  async expectNext(step: string, timeout = 60_000) {
    await expect(this.steps).toHaveAttribute('data-next', step, { timeout });
  }
}

/** What the cluster says about the admission controller and Kyverno's registrations, by kubectl. */
export function clusterSnapshot(): { replicas: number; registrations: string[] } {
  const deployment = JSON.parse(
    kubectlAs('viewer', ['-n', 'kyverno-prd', 'get', 'deployment', 'kyverno-admission-controller', '-o', 'json']),
  ) as { spec: { replicas: number } };
  return { replicas: deployment.spec.replicas, registrations: kyvernoRegistrations() };
}

/** The audit records of the test run's history store since `since`, oldest first. */
export function auditSince(
  since: string,
): Array<{ action: string; actor: string; outcome: string; target: string; detail: string | null }> {
  const store = process.env.MEMDASH_E2E_STORE;
  if (!store) throw new Error('MEMDASH_E2E_STORE is not set (playwright.config.ts sets it)');
  const db = new Database(store, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select action, actor, outcome, target, detail from audit_records where at >= ? order by at, id').all(since) as never;
  } finally {
    db.close();
  }
}

/**
 * Puts Kyverno back as the other suites expect it: serving, answering normally, at three replicas, the pod webhook
 * registered with its entry and owner. Throws, naming what did not come back, rather than leaving a broken cluster
 * to the suites after this one.
 */
export async function restoreKyverno(): Promise<void> {
  scaleAdmissionController(3); // first: the stand-in does not serve while its Deployment is at zero, and recover waits for it to serve
  kyverno('recover');
  kyverno('allow'); // after: the real Kyverno's switch is a policy change its own webhook must admit
  await expect
    .poll(registrationHealthy, {
      timeout: 90_000,
      intervals: [1000],
      message: 'Kyverno did not come back: the pod webhook is not registered with its entry and owner',
    })
    .toBe(true);
  const { replicas, registrations } = clusterSnapshot();
  if (replicas !== 3) throw new Error(`the admission controller is at ${replicas} replicas, not 3`);
  if (registrations.length < 5)
    throw new Error(`only ${registrations.length} of Kyverno's registrations stand: ${registrations.join(', ')}`);
}

/** Pods of a scenario workload, by the label the harness puts on them, with their creation time and memory requests. */
export function podsOf(
  namespace: string,
  workload: string,
): Array<{ name: string; createdAt: string; requests: string[]; terminating: boolean }> {
  const list = JSON.parse(
    kubectlAs('viewer', ['-n', namespace, 'get', 'pods', '-l', `app.kubernetes.io/name=${workload}`, '-o', 'json']),
  ) as {
    items: Array<{
      metadata: { name: string; creationTimestamp: string; deletionTimestamp?: string };
      spec: { containers: Array<{ resources?: { requests?: { memory?: string } } }> };
    }>;
  };
  return list.items.map((p) => ({
    name: p.metadata.name,
    createdAt: p.metadata.creationTimestamp,
    requests: p.spec.containers.map((c) => c.resources?.requests?.memory ?? ''),
    terminating: Boolean(p.metadata.deletionTimestamp),
  }));
}
