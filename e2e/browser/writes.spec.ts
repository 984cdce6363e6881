// The writes in Chromium against the local cluster, as an operator does them: run the snapshot now and follow it
// (normal → success with the diff; prometheus-fails → failed with the traceback and the tries), too-few-rows → the
// refusal, the override (typed confirmation, the saved file downloaded) and which workloads lost their row, then
// the restore of the saved file; the viewer's token refused by the cluster; the audit log; and a leak scan of the
// token. Serial; it leaves the table as it found it and the snapshot switch normal.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { kubectl, putTableData } from '../../test/integration/cluster';
import { GuardedButton, KYVERNO, jobNames, runNow, runResult, shoot, snapshotMode, tableData, tokenOf } from './write-page';

test.describe.configure({ mode: 'serial' });

const original = tableData();

/** The Jobs the runs below created, by the run page each landed on: deleted at the end, the shared cluster kept clean. */
const created: string[] = [];
const followed = (page: Page): string => {
  const job = decodeURIComponent(page.url().split('/').pop()!);
  created.push(job);
  return job;
};

/** When this file began: a Job of another file may have had the same name (its minute) and been deleted since. */
let began = '';
test.beforeAll(() => {
  began = new Date().toISOString();
});

test.afterAll(() => {
  snapshotMode('normal');
  putTableData(original);
  if (created.length > 0) kubectl(['-n', KYVERNO, 'delete', 'job', '--ignore-not-found', ...created], 'admin');
});

test('no credential: the button waits for one; the viewer token is refused by the cluster as the cluster said it', async ({
  page,
}, info) => {
  await page.goto('/snapshot/runs');
  const action = new GuardedButton(page.getByTestId('run-snapshot-now'));
  await expect(action.section.getByTestId('action-cluster')).toHaveText('Writes to cluster: local');
  await expect(action.section.getByTestId('credential-form')).toBeVisible();
  await expect(action.button('Run the snapshot now')).toBeDisabled();
  await expect(action.section.getByTestId('kubectl-commands')).toContainText(
    'cexec iac kubectl $KC -n kyverno-prd create job --from=cronjob/memory-snapshot $JOB',
  );
  const before = jobNames().length;
  await action.useToken(tokenOf('viewer'));
  await expect(action.section.getByTestId('actor')).toHaveText('viewer');
  await action.expectMay(/viewer may not create jobs in kyverno-prd/);
  await action.button('Run the snapshot now').click();
  await expect(action.section.getByTestId('action-error')).toContainText('cannot create resource "jobs"');
  await expect(action.section.getByTestId('action-error')).toHaveAttribute('data-error', 'forbidden');
  expect(jobNames()).toHaveLength(before);
  await shoot(page, info.outputPath('viewer-refused.png'));
});

test('snapshot normal: run now, follow it live to a success, and the diff link shows the change', async ({ page }, info) => {
  snapshotMode('normal');
  // one row off, so the run has a change to make (the seeded table is what the job computes)
  const [key] = Object.keys(original).sort();
  putTableData({ ...original, [key!]: '1Mi' });
  const action = await runNow(page, tokenOf('operator'));
  await expect(action.section.getByTestId('actor')).toHaveText('operator');
  await action.expectMay(/operator may create jobs in kyverno-prd/);
  await action.button('Run the snapshot now').click();
  await page.waitForURL(/\/snapshot\/runs\/memory-snapshot-\d{8}-\d{4}(-\d+)?$/);
  const job = followed(page);
  await expect(page.getByTestId('follow-state')).toHaveText('following live');
  expect(await runResult(page)).toBe('success');
  // the next run starts only once this one has ended (one run at a time)
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'succeeded', { timeout: 60_000 });
  await expect(page.getByTestId('run-log').first()).toContainText(/table kyverno-prd\/memory-requests: \d+ rows, \d+ new, \d+ gone/);
  const annotation = kubectl([
    '-n',
    KYVERNO,
    'get',
    'job',
    job,
    '-o',
    'jsonpath={.metadata.annotations.cronjob\\.kubernetes\\.io/instantiate} {.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name}',
  ]);
  expect(annotation).toBe('manual CronJob/memory-snapshot');
  await expect(page.getByTestId('run-diff-link')).toBeVisible({ timeout: 30_000 });
  await shoot(page, info.outputPath('run-success.png'));
  await page.getByTestId('run-diff-link').click();
  await expect(page.getByTestId('diff-changed').locator(`[data-testid="diff-row"][data-key="${key}"]`)).toHaveCount(1);
  await shoot(page, info.outputPath('run-success-diff.png'));
});

test('prometheus-fails: the run fails with the traceback, each try shown', async ({ page }, info) => {
  test.setTimeout(300_000);
  snapshotMode('prometheus-fails');
  const action = await runNow(page, tokenOf('operator'));
  await action.button('Run the snapshot now').click();
  await page.waitForURL(/\/snapshot\/runs\/memory-snapshot-/);
  followed(page);
  expect(await runResult(page, 240_000)).toBe('failed');
  await expect(page.getByTestId('traceback')).toContainText('Traceback (most recent call last):');
  await expect(page.getByTestId('run-try')).toHaveCount(3);
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'failed');
  await shoot(page, info.outputPath('run-failed.png'));
  snapshotMode('normal');
});

test('too-few-rows: refused as a refusal; the override saves, downloads, removes the data, runs; then the restore puts it back', async ({
  page,
}, info) => {
  test.setTimeout(420_000);
  putTableData(original);
  snapshotMode('too-few-rows');
  const action = await runNow(page, tokenOf('operator'));
  await action.button('Run the snapshot now').click();
  await page.waitForURL(/\/snapshot\/runs\/memory-snapshot-/);
  followed(page);
  expect(await runResult(page, 240_000)).toBe('refusal');
  await expect(page.getByTestId('refusal-reason')).toContainText(/fewer than half of the \d+ rows the table holds/);
  expect(tableData()).toEqual(original);
  await shoot(page, info.outputPath('run-refused.png'));
  // the override starts no Job while a run is active: the refused run's retries end first
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'failed', { timeout: 240_000 });

  await page.getByRole('link', { name: 'override the guard' }).click();
  const override = new GuardedButton(page.getByTestId('override-the-guard'));
  await expect(override.section.getByTestId('action-warning')).toContainText(
    'Until the run writes, every covered pod is admitted untouched.',
  );
  await expect(override.section.getByTestId('kubectl-commands')).toContainText(`patch configmap memory-requests --type=json`);
  // the tab kept the credential across the client-side navigation
  await expect(override.section.getByTestId('write-credential')).toBeVisible();
  await override.expectMay(/operator may patch configmaps memory-requests in kyverno-prd/);
  await expect(override.button('Save, remove the data and run')).toBeDisabled();
  await override.section.getByLabel('Type memory-requests to confirm').fill('memory-requests');
  await shoot(page, info.outputPath('override.png'));
  // still too-few-rows: with the data removed, the guard has nothing to compare against and the job writes it
  const download = page.waitForEvent('download');
  const pressed = new Date();
  await override.button('Save, remove the data and run').click();
  const file = await download;
  // the UTC date of the press: either side of it, should the press straddle midnight
  const named = [pressed, new Date()].map((at) => `memory-requests-${at.toISOString().slice(0, 10)}.json`);
  expect(named).toContain(file.suggestedFilename());
  const savedPath = info.outputPath(file.suggestedFilename());
  await file.saveAs(savedPath);
  expect((JSON.parse(readFileSync(savedPath, 'utf8')) as { data: Record<string, string> }).data).toEqual(original);
  await page.waitForURL(/\/snapshot\/runs\/memory-snapshot-/);
  followed(page);
  expect(await runResult(page, 240_000)).toBe('success');
  // The run read the table the override had emptied: its page shows the change it wrote (issue 32), so the rows the
  // override removed are not "lost" by the run. What the run wrote is checked against the cluster below.
  const written = tableData();
  expect(Object.keys(written).length * 2).toBeLessThan(Object.keys(original).length);
  await shoot(page, info.outputPath('override-run.png'));
  snapshotMode('normal');

  await page.goto('/table/restore');
  await page.getByLabel('Saved table file').setInputFiles(savedPath);
  await expect(page.getByTestId('restore-preview')).toContainText(`(${Object.keys(original).length} rows)`);
  const restore = new GuardedButton(page.getByTestId('restore-table'));
  await restore.useToken(tokenOf('operator')); // a full page load forgot it: it lives in the tab's memory only
  await restore.section.getByLabel('Type memory-requests to confirm').fill('memory-requests');
  await restore.button('Restore').click();
  await expect(restore.section.getByTestId('restore-done')).toHaveAttribute('data-identical', 'true');
  const sorted = (d: Record<string, string>) => JSON.stringify(Object.entries(d).sort(([a], [b]) => (a < b ? -1 : 1)));
  expect(sorted(tableData())).toBe(sorted(original));
  await shoot(page, info.outputPath('restored.png'));
});

test('the audit log has one record per attempt, filterable by action and outcome', async ({ page }, info) => {
  await page.goto('/audit');
  await expect(page.getByTestId('audit-record').first()).toBeVisible();
  await expect(page.locator('[data-testid="audit-record"][data-action="snapshot.run"][data-outcome="refused"]')).toHaveCount(1); // the viewer's
  // Other files run the snapshot too (snapshot-when.spec.ts) into the same store: this file's runs are the records of
  // the Jobs it followed since it began, one each (a Job of theirs may have had the same name, in the same minute),
  // and the page lists every success the API does. The fourth Job this file followed is the override's, recorded as
  // table.override.
  const runs = (await (await page.request.get('/api/audit?action=snapshot.run&outcome=success&limit=200')).json()) as {
    records: Array<{ target: string; at: string }>;
  };
  const followedJobs = new Set(created.map((job) => `${KYVERNO}/job/${job}`));
  const ours = runs.records.filter((r) => r.at >= began && followedJobs.has(r.target)).map((r) => r.target);
  expect(ours).toEqual(
    created
      .slice(0, 3)
      .map((job) => `${KYVERNO}/job/${job}`)
      .reverse(),
  ); // newest first
  await expect(page.locator('[data-testid="audit-record"][data-action="snapshot.run"][data-outcome="success"]')).toHaveCount(
    runs.records.length,
  );
  await expect(page.locator('[data-testid="audit-record"][data-action="table.override"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="audit-record"][data-action="table.restore"][data-outcome="success"]')).toHaveCount(1);
  await page.getByLabel('Outcome').selectOption('refused');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/outcome=refused/);
  await expect(page.locator('[data-testid="audit-record"]:not([data-outcome="refused"])')).toHaveCount(0);
  const api = await (await page.request.get('/api/audit?action=table.restore')).json();
  expect(api.records).toHaveLength(1);
  expect(api.records[0]).toMatchObject({ actor: 'operator', outcome: 'success' });
  await shoot(page, info.outputPath('audit.png'));
});

test('the token is nowhere: history store, server output, served HTML, built bundles, browser storage and cookies', async ({
  page,
  context,
}) => {
  const tokens = [tokenOf('operator'), tokenOf('viewer')];
  const store = process.env.MEMDASH_E2E_STORE!;
  // the WAL may have been checkpointed away; the store and the server's log must be there to be searched
  const files = [store, `${store}.server.log`, ...(existsSync(`${store}-wal`) ? [`${store}-wal`] : [])];
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const token of tokens) expect(bytes.includes(token), `${file} holds a token`).toBe(false);
  }
  expect(readFileSync(`${store}.server.log`, 'utf8')).toContain('Ready'); // the log is the server's, not an empty file
  for (const file of walk('.next/static')) for (const token of tokens) expect(readFileSync(file).includes(token), file).toBe(false);
  for (const path of ['/', '/snapshot/runs', '/audit', '/table/restore', '/snapshot/override']) {
    const html = await (await page.request.get(path)).text();
    for (const token of tokens) expect(html.includes(token), path).toBe(false);
  }
  // the tab that held the token: its storage and cookies, while it holds it
  await runNow(page, tokenOf('operator'));
  const storage = await page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie, url: location.href }),
  );
  for (const token of tokens) expect(storage.includes(token)).toBe(false);
  for (const cookie of await context.cookies()) for (const token of tokens) expect(cookie.value.includes(token)).toBe(false);
  await page.reload();
  await expect(page.getByTestId('run-snapshot-now').getByTestId('credential-form')).toBeVisible(); // reloading forgets it
});

test('the write pages on a phone and in the dark', async ({ browser }, info) => {
  for (const [name, options] of [
    ['phone', { viewport: { width: 390, height: 844 } }],
    ['dark', { colorScheme: 'dark' as const }],
  ] as const) {
    const page: Page = await (await browser.newContext(options)).newPage();
    for (const path of ['/snapshot/runs', '/audit', '/table/restore', '/snapshot/override']) {
      await page.goto(path);
      await shoot(page, info.outputPath(`${name}${path.replaceAll('/', '-')}.png`));
    }
    const runs = page.getByTestId('snapshot-run-row').first().getByRole('link');
    await page.goto('/snapshot/runs');
    await runs.click();
    await expect(page.getByTestId('run-result')).toBeVisible();
    await shoot(page, info.outputPath(`${name}-run.png`));
    await page.context().close();
  }
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
