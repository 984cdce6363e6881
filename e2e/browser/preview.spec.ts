// The preview of the next table in Chromium against the local cluster: the guard's verdict, the diff against
// today's table with the workloads that lose their rows, filters, and the preview downloaded as a saved table that
// the runbook's restore (`jq -c '{data}' file`) takes. Screenshots (desktop, 390 px phone, dark) go to test-results/.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { kubectlJson } from '../../test/integration/cluster';
import { startMemdash, stopMemdash } from '../../bench/harness';
import { readState } from '../cluster/lib/state';
import { prometheusUrl } from '../cluster/lib/prometheus';
import { slowedPrometheus } from '../../test/integration/prometheus-in-front';

const table = () => kubectlJson<{ data?: Record<string, string> }>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']).data ?? {};

// A preview stopped or ended is not handed to the next request: these tests are about one preview's reads (the
// interval between starts is tried in test/security/collapse.test.ts).
const NO_INTERVAL = { MEMDASH_PREVIEW_MIN_INTERVAL_MS: '0' };

/** The preview's NDJSON answer, an event a line. */
async function eventsOf(response: { text(): Promise<string> }): Promise<Array<{ type: string }>> {
  return (await response.text())
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string });
}

test('the API streams started, progress and done, and writes nothing', async ({ request }) => {
  const before = table();
  const response = await request.get('/api/snapshot/preview');
  expect(response.headers()['content-type']).toContain('application/x-ndjson');
  const events = await eventsOf(response);
  expect(events[0]!.type).toBe('started');
  expect(events.some((e) => e.type === 'progress')).toBe(true);
  expect(events.at(-1)!.type).toBe('done');
  expect(table()).toEqual(before);
});

test('/table/preview: the verdict, the gone workloads, filters, and the ConfigMap the restore takes', async ({ page }, info) => {
  const today = table();
  if (!today['shop_legacy-worker_worker']) throw new Error('precondition: the seeded table holds shop_legacy-worker_worker');
  await page.goto('/table/preview');
  const verdict = page.getByTestId('guard-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'written', { timeout: 60_000 });
  await expect(verdict).toContainText('table kyverno-prd/memory-requests:');
  await expect(page.getByTestId('gone-workloads')).toContainText('shop/legacy-worker');
  await page.screenshot({ path: info.outputPath('preview-desktop.png'), fullPage: true });

  await page.getByTestId('filter-namespace').selectOption('payments');
  for (const key of await page.getByTestId('diff-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key'))))
    expect(key).toMatch(/^payments_/);
  await expect(page.getByTestId('gone-workloads')).toHaveCount(0);
  await page.getByTestId('filter-namespace').selectOption('');

  const download = page.waitForEvent('download');
  await page.getByTestId('download-configmap').click();
  const file = await (await download).path();
  const saved = JSON.parse(readFileSync(file, 'utf8')) as {
    kind: string;
    metadata: { name: string; namespace: string };
    data: Record<string, string>;
  };
  expect(saved).toMatchObject({ kind: 'ConfigMap', metadata: { name: 'memory-requests', namespace: 'kyverno-prd' } });
  expect(saved.data['shop_legacy-worker_worker']).toBeUndefined();
  expect(saved.data.shop_web_migrate).toMatch(/^\d+Mi$/);
  // what the restore patches with
  const patch = JSON.parse(execFileSync('jq', ['-c', '{data}', file], { encoding: 'utf8' })) as { data: Record<string, string> };
  expect(patch).toEqual({ data: saved.data });
  await expect(page.getByTestId('restore-command')).toContainText(`patch configmap memory-requests --type=merge`);
  expect(table()).toEqual(today);
});

test('the preview page on a 390 px phone and in the dark', async ({ browser }, info) => {
  for (const [name, options] of [
    ['phone', { viewport: { width: 390, height: 844 } }],
    ['dark', { colorScheme: 'dark' as const }],
  ] as const) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto('/table/preview');
    await expect(page.getByTestId('guard-verdict')).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: info.outputPath(`preview-${name}.png`), fullPage: true });
    await context.close();
  }
});

test('closing the page stops the preview: its Prometheus reads in flight are closed and no more start', async ({ browser }) => {
  test.setTimeout(180_000);
  const cluster = readState();
  if (!cluster) throw new Error('precondition: the local cluster is up');
  // the real Prometheus answering each query 2 s late, one workload per query: a preview of ~20 s, still reading
  // when the page closes (on this loaded 2-core machine a browser step can take seconds)
  const slowed = await slowedPrometheus(prometheusUrl(cluster), 2000, 20);
  const server = await startMemdash({ MEMDASH_PROMETHEUS_URL: slowed.url, MEMDASH_PREVIEW_BATCH_SERIES: '1', ...NO_INTERVAL });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/table/preview`);
    await expect(page.getByTestId('series-read')).not.toHaveText('0', { timeout: 60_000 });
    const workloads = Number(
      (await page.getByTestId('preview-progress').textContent())?.match(/of ([\d,]+) workloads/)?.[1]?.replace(/,/g, ''),
    );
    await page.close();
    await expect.poll(() => slowed.counts.open, { timeout: 10_000 }).toBe(0);
    const startedAtClose = slowed.counts.started;
    await new Promise((r) => setTimeout(r, 2000));
    expect(slowed.counts.started).toBe(startedAtClose);
    // the listing and fewer than the one query per workload a whole preview asks
    expect(startedAtClose).toBeLessThan(workloads + 1);
  } finally {
    stopMemdash(server);
    slowed.server.close();
  }
});

test('a preview asked for while one runs joins it: one set of Prometheus reads, going on while anyone still reads', async () => {
  test.setTimeout(180_000);
  const cluster = readState();
  if (!cluster) throw new Error('precondition: the local cluster is up');
  // each query 200 ms late, one workload per query: a preview long enough for a second request to arrive during it
  const slowed = await slowedPrometheus(prometheusUrl(cluster), 200, 0);
  const server = await startMemdash({ MEMDASH_PROMETHEUS_URL: slowed.url, MEMDASH_PREVIEW_BATCH_SERIES: '1', ...NO_INTERVAL });
  try {
    const url = `${server.url}/api/snapshot/preview`;
    const alone = await eventsOf(await fetch(url));
    expect(alone.at(-1)!.type).toBe('done');
    const queriesOfOne = slowed.counts.started;

    // A starts; B asks once A has started; A leaves at its first progress; B still gets the whole preview
    const leaving = new AbortController();
    const a = await fetch(url, { signal: leaving.signal });
    const reader = a.body!.getReader();
    let seen = '';
    while (!seen.includes('"progress"')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the preview ended before any progress: ${seen}`);
      seen += new TextDecoder().decode(value);
    }
    const b = eventsOf(await fetch(url));
    leaving.abort();
    const joined = await b;
    expect(joined[0]!.type).toBe('started');
    expect(joined.at(-1)!.type).toBe('done');
    expect(slowed.counts.started - queriesOfOne).toBe(queriesOfOne); // one preview's reads, not two
  } finally {
    stopMemdash(server);
    slowed.server.close();
  }
});
