// The command-line import: a saved table given on the command line, with the write credential, becomes a version the
// snapshots page lists with the imports; without a credential, with one that may not patch the table, or a file that
// is not such a ConfigMap, it is refused with a clear error and stores nothing.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { kubeconfig, savedTable } from '../../test/integration/cluster';
import { tokenOf } from './write-page';

const run = promisify(execFile);
const importTable = (baseURL: string, ...args: string[]) =>
  run(process.execPath, ['scripts/import-table.ts', '--url', baseURL, ...args]).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );

test('a saved table given on the command line is listed as a version', async ({ page, baseURL }, info) => {
  const saved = savedTable();
  const file = info.outputPath('memory-requests-2026-10-06.json');
  writeFileSync(file, JSON.stringify({ ...saved, data: { ...saved.data, cli_import_marker: '7Mi' } }));
  // an import is a write: the operator's token, from a file on the operator's machine
  const tokenFile = info.outputPath('operator.token');
  writeFileSync(tokenFile, `${tokenOf('operator')}\n`, { mode: 0o600 });
  const result = await importTable(baseURL!, '--token-file', tokenFile, '--at', '2026-10-06T04:15:00Z', file);
  expect(result.stderr).toBe('');
  expect(result.stdout).toContain('as the table of 2026-10-06T04:15:00');
  await page.goto('/table/snapshots');
  await expect(
    page.getByTestId('imported-versions').getByTestId('snapshot').filter({ hasText: 'memory-requests-2026-10-06.json' }),
  ).toHaveCount(1);
});

test('an import without a credential, or with one that may not patch the table, is refused and stores nothing', async ({
  page,
  baseURL,
}, info) => {
  const file = info.outputPath('memory-requests-2026-10-08.json');
  writeFileSync(
    file,
    JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'memory-requests' }, data: { a_b_c: '1Mi' } }),
  );
  const anonymous = await importTable(baseURL!, file);
  expect(anonymous.code).toBe(2);
  expect(anonymous.stderr).toContain('--token-file or --kubeconfig');
  const viewer = await importTable(baseURL!, '--kubeconfig', kubeconfig('viewer'), file);
  expect(viewer.code).toBe(1);
  expect(viewer.stderr).toMatch(/refused \(403\): .*may not patch configmaps memory-requests in kyverno-prd/);
  await page.goto('/table/snapshots');
  await expect(page.getByText('memory-requests-2026-10-08.json')).toHaveCount(0);
});

test('a file that is not the table ConfigMap is refused, saying why', async ({ baseURL }, info) => {
  const file = info.outputPath('memory-requests-2026-10-07.json');
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'memory-requests' } }));
  const tokenFile = info.outputPath('operator.token');
  writeFileSync(tokenFile, tokenOf('operator'), { mode: 0o600 });
  const result = await importTable(baseURL!, '--token-file', tokenFile, file);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/refused \(400\): .+/);
});
