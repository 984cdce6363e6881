// The command-line import: a saved table given on the command line becomes a version the snapshots page lists,
// and a file that is not such a ConfigMap is refused with a clear error and stores nothing.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { kubectlJson } from '../../test/integration/cluster';

const run = promisify(execFile);
const importTable = (baseURL: string, ...args: string[]) =>
  run(process.execPath, ['scripts/import-table.ts', '--url', baseURL, ...args]).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );

test('a saved table given on the command line is listed as a version', async ({ page, baseURL }, info) => {
  const saved = kubectlJson<Record<string, unknown> & { data: Record<string, string> }>([
    '-n',
    'kyverno-prd',
    'get',
    'configmap',
    'memory-requests',
  ]);
  const file = info.outputPath('memory-requests-2026-10-06.json');
  writeFileSync(file, JSON.stringify({ ...saved, data: { ...saved.data, cli_import_marker: '7Mi' } }));
  const result = await importTable(baseURL!, '--at', '2026-10-06T04:15:00Z', file);
  expect(result.stderr).toBe('');
  expect(result.stdout).toContain('as the table of 2026-10-06T04:15:00');
  await page.goto('/table/snapshots');
  await expect(page.getByTestId('snapshot').filter({ hasText: 'memory-requests-2026-10-06.json' })).toHaveCount(1);
});

test('a file that is not the table ConfigMap is refused, saying why', async ({ baseURL }, info) => {
  const file = info.outputPath('memory-requests-2026-10-07.json');
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'memory-requests' } }));
  const result = await importTable(baseURL!, file);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/refused \(400\): .+/);
});
