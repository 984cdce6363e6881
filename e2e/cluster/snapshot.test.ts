// The snapshot job, run by hand as the runbook does it: a Job from the CronJob (as operator) rewrites the table from
// 28 days of Prometheus and says so in its log's last line; with too few rows or a failing Prometheus the table is
// left as it is, the Job fails after its retries, and the log says why. The table is restored afterwards.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, kubectlAsync } from './lib/kubectl.ts';
import { prometheusUrl } from './lib/prometheus.ts';
import { readState } from './lib/state.ts';
import { waitForTable } from './kyverno/harness.ts';
import { putTableData, requireCluster } from '../../test/integration/cluster';

requireCluster(); // a cluster that is not up is a failure naming what is missing

const NS = 'kyverno-prd';
const MIB = 1024 * 1024;
interface Table {
  metadata: { resourceVersion: string };
  data?: Record<string, string>;
}

const cli = (...args: string[]) => execFileSync(process.execPath, [join(import.meta.dirname, 'cli.ts'), ...args], { stdio: 'pipe' });
const table = () => getJson<Table>(['-n', NS, 'get', 'configmap', 'memory-requests'], 'viewer');
let runs = 0;

/**
 * The runbook's "Refreshing it by hand", with a name of its own: memdash's runs of the same minute take the plain
 * name and then -2, -3…, so a test's `-<n>` would collide with them.
 */
async function runSnapshot(condition: 'Complete' | 'Failed'): Promise<{ job: string; log: string[] }> {
  const job = `memory-snapshot-${new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}-test${++runs}`;
  const created = await kubectlAsync(['-n', NS, 'create', 'job', `--from=cronjob/memory-snapshot`, job], { user: 'operator' });
  expect(created.stderr).toBe('');
  const waited = await kubectlAsync(['-n', NS, 'wait', `--for=condition=${condition}`, `job/${job}`, '--timeout=240s'], { user: 'viewer' });
  expect(waited.stderr).toBe('');
  const logs = await kubectlAsync(['-n', NS, 'logs', `job/${job}`], { user: 'viewer' });
  expect(logs.code).toBe(0);
  return { job, log: logs.stdout.trimEnd().split('\n') };
}

/** The p90 the runbook describes, computed here without the job's code: every sample of every pod, nearest rank. */
async function p90Mi(selector: string): Promise<number> {
  const end = Math.floor(Date.now() / 1000);
  const params = new URLSearchParams({
    query: `container_memory_working_set_bytes{${selector}}`,
    start: String(end - 28 * 86400),
    end: String(end),
    step: '300',
  });
  const body = (await (await fetch(`${prometheusUrl(readState()!)}/api/v1/query_range?${params}`)).json()) as {
    data: { result: Array<{ values: Array<[number, string]> }> };
  };
  const values = body.data.result.flatMap((s) => s.values.map(([, v]) => Number(v))).sort((a, b) => a - b);
  return Math.ceil(values[Math.ceil(0.9 * values.length) - 1]! / MIB);
}

describe('the snapshot job', () => {
  let saved: Record<string, string>;
  beforeAll(() => {
    saved = table().data ?? {};
  });
  afterAll(async () => {
    cli('snapshot', 'normal');
    putTableData(saved, 'operator');
    await waitForTable(saved);
  });

  it('rewrites the table from Prometheus, and its last log line says so', async () => {
    const { job, log } = await runSnapshot('Complete');
    const data = table().data ?? {};
    const count = Object.keys(data).length;
    const added = Object.keys(data).filter((k) => !(k in saved)).length;
    const gone = Object.keys(saved).filter((k) => !(k in data)).length;
    expect(log.at(-1)).toBe(`table kyverno-prd/memory-requests: ${count} rows, ${added} new, ${gone} gone`);
    expect(data['shop_legacy-worker_worker']).toBeUndefined(); // gone from the 28-day window
    expect(data['shop_fresh-api_api']).toBeUndefined(); // no samples
    const redis = Number(/^(\d+)Mi$/.exec(data.shop_redis_redis ?? '')?.[1]);
    expect(Math.abs(redis - (await p90Mi('namespace="shop",pod=~"redis-[0-9]+",container="redis"')))).toBeLessThanOrEqual(1);
    const pods = getJson<{ items: Array<{ status: { phase: string } }> }>(
      ['-n', NS, 'get', 'pods', '-l', `job-name=${job}`],
      'viewer',
    ).items;
    expect(pods.map((p) => p.status.phase)).toEqual(['Succeeded']);
  });

  it('leaves the table as it is and fails, after its two retries, when Prometheus returns too few rows', async () => {
    cli('snapshot', 'too-few-rows');
    const before = table();
    const { job, log } = await runSnapshot('Failed');
    expect(log.at(-1)).toMatch(
      /^table kyverno-prd\/memory-requests left as it is: \d+ rows is fewer than half of the \d+ rows the table holds$/,
    );
    expect(table().metadata.resourceVersion).toBe(before.metadata.resourceVersion);
    const pods = getJson<{ items: Array<{ status: { phase: string } }> }>(
      ['-n', NS, 'get', 'pods', '-l', `job-name=${job}`],
      'viewer',
    ).items;
    expect(pods.map((p) => p.status.phase)).toEqual(['Failed', 'Failed', 'Failed']);
  }, 300_000);

  it('ends in a traceback and leaves the table when Prometheus fails', async () => {
    cli('snapshot', 'prometheus-fails');
    const before = table();
    const { log } = await runSnapshot('Failed');
    expect(log).toContain('Traceback (most recent call last):');
    expect(log.at(-1)).toMatch(/^urllib\.error\.HTTPError: HTTP Error 503/);
    expect(table().metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  }, 300_000);
});
