// The write flows' page object: the credential form and the guarded buttons, as an operator uses them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { kubeconfig, kubectl } from '../../test/integration/cluster';

export const KYVERNO = 'kyverno-prd';

export const tokenOf = (user: 'viewer' | 'operator'): string => {
  const token = readFileSync(kubeconfig(user), 'utf8').match(/token: (\S+)/)?.[1];
  if (!token) throw new Error(`no token for ${user}: is the local cluster up?`);
  return token;
};

export const tableData = (): Record<string, string> =>
  (JSON.parse(kubectl(['-n', KYVERNO, 'get', 'configmap', 'memory-requests', '-o', 'json'])) as { data?: Record<string, string> }).data ??
  {};

export const jobNames = (): string[] =>
  (JSON.parse(kubectl(['-n', KYVERNO, 'get', 'jobs', '-o', 'json'])) as { items: Array<{ metadata: { name: string } }> }).items.map(
    (j) => j.metadata.name,
  );

export function snapshotMode(mode: 'normal' | 'too-few-rows' | 'prometheus-fails'): void {
  // the harness's own switch, as docs/local-cluster.md documents it
  execFileSync(process.execPath, ['e2e/cluster/cli.ts', 'snapshot', mode], { stdio: 'ignore' });
}

export class GuardedButton {
  constructor(readonly section: Locator) {}

  async useToken(token: string): Promise<void> {
    await this.section.getByLabel('Write token').fill(token);
    await this.section.getByRole('button', { name: 'Use token' }).click();
    await expect(this.section.getByTestId('write-credential')).toBeVisible();
  }

  async expectMay(text: RegExp): Promise<void> {
    await expect(this.section.getByTestId('access-answers')).toContainText(text);
  }

  button(name: string | RegExp): Locator {
    return this.section.getByRole('button', { name });
  }
}

export async function runNow(page: Page, token: string): Promise<GuardedButton> {
  await page.goto('/snapshot/runs');
  const action = new GuardedButton(page.getByTestId('run-snapshot-now'));
  await action.useToken(token);
  return action;
}

/** Follows the run page until its result shows, and returns the result's kind. */
export async function runResult(page: Page, timeout = 180_000): Promise<string> {
  const result = page.getByTestId('run-result');
  await expect(result).toHaveAttribute('data-result', /success|refusal|failed/, { timeout });
  return (await result.getAttribute('data-result'))!;
}

export async function shoot(page: Page, path: string): Promise<void> {
  await page.screenshot({ path, fullPage: true });
}
