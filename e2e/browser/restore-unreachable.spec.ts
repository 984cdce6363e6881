// Errors, not empty states: /table/restore on a memdash whose API server does not answer (a kubeconfig pointing at a
// closed port, as an API server restart leaves it) and whose history is empty says why there is no version to offer,
// where the picker would be, instead of an empty picker that reads as "nothing to restore".
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startMemdash, stopMemdash, type Memdash } from '../../bench/harness';

let server: Memdash;

/** A port nothing listens on: taken, then closed. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'memdash-unreachable-'));
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(
    kubeconfig,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'gone', cluster: { server: `https://127.0.0.1:${await closedPort()}`, 'insecure-skip-tls-verify': true } }],
      users: [{ name: 'reader', user: { token: 'not-a-real-token' } }],
      contexts: [{ name: 'gone', context: { cluster: 'gone', user: 'reader' } }],
      'current-context': 'gone',
    }),
  );
  server = await startMemdash({ KUBECONFIG: kubeconfig, MEMDASH_HISTORY_PATH: join(dir, 'history.sqlite') });
});

test.afterAll(() => {
  if (server) stopMemdash(server);
});

test('/table/restore with the API server out of reach and no version recorded says so, not an empty picker', async ({ page }, info) => {
  await page.goto(`${server.url}/table/restore`);
  const why = page.getByTestId('restore-no-versions');
  await expect(why).toContainText('No version of the table is recorded, and memdash cannot read the table now');
  await expect(page.getByLabel('Version of the history')).toHaveCount(0);
  // a saved file is still offered
  await expect(page.getByLabel('Saved table file')).toBeVisible();
  await page.screenshot({ path: info.outputPath('restore-unreachable.png') });
});
