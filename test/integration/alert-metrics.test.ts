// The /metrics gauges the shipped alerts read (charts/memdash/alerts/memdash.rules.yaml), by value, after what makes
// each alert fire: a snapshot run that succeeds, one the guard refuses ("fewer than half", a Failed Job), Kyverno
// killed and scaled to zero (refusing) and the break-glass (scaled to zero, registrations deleted). The expected
// values are kubectl's: the Job's start, the table's managedFields, its rows, the Deployment and the registrations.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  kubeconfig,
  kubectl,
  putTableData,
  repoRoot,
  kubectlJson,
  kyvernoRegistrations,
  requireCluster,
  requirePodWebhook,
  until,
} from './cluster';
import { jobEnds, KYVERNO, requireNoActiveRun, snapshotMode, tableData } from './write-harness';

requireCluster();
process.env.KUBECONFIG = kubeconfig('viewer');
// every gauge of a cluster carries its name: the one this memdash reads is named here, not by the code under test
process.env.MEMDASH_CLUSTER_NAME = 'alerted';
const { GET } = await import('@/app/metrics/route');

/** The value of one sample of the exposition text, by its name and labels (the cluster's always), or undefined. */
function sample(text: string, name: string, only: Record<string, string> = {}): number | undefined {
  const labels = { cluster: 'alerted', ...only };
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const scrape = async (): Promise<string> => {
  const answer = await GET(new Request('http://127.0.0.1:3000/metrics', { headers: { host: '127.0.0.1:3000' } }));
  expect(answer.status).toBe(200);
  return answer.text();
};

/** The seconds of the table's last data write, as kubectl shows its managedFields. */
function tableWrittenAt(): number {
  const table = kubectlJson<{ metadata: { managedFields?: Array<{ time?: string; fieldsV1?: { 'f:data'?: unknown } }> } }>([
    '-n',
    KYVERNO,
    'get',
    'configmap',
    'memory-requests',
    '--show-managed-fields',
  ]);
  const times = (table.metadata.managedFields ?? []).filter((m) => m.fieldsV1?.['f:data'] && m.time).map((m) => Date.parse(m.time!));
  return Math.max(...times) / 1000;
}

/** Starts a run as the runbook does and waits for its end; gives its name and its start as kubectl shows it. */
async function run(mode: 'normal' | 'too-few-rows'): Promise<{ name: string; startedAt: number; ended: string }> {
  requireNoActiveRun();
  snapshotMode(mode);
  const name = `memory-snapshot-alerts-${Date.now() % 1_000_000}`;
  kubectl(['-n', KYVERNO, 'create', 'job', `--from=cronjob/memory-snapshot`, name], 'operator');
  created.push(name);
  const ended = await jobEnds(name);
  const job = kubectlJson<{ status: { startTime: string } }>(['-n', KYVERNO, 'get', 'job', name]);
  return { name, startedAt: Date.parse(job.status.startTime) / 1000, ended };
}

const created: string[] = [];
const original = tableData();
afterAll(() => {
  snapshotMode('normal');
  if (created.length > 0) kubectl(['-n', KYVERNO, 'delete', 'job', '--ignore-not-found', ...created], 'admin');
  if (original) putTableData(original); // the other tests read the seeded table
});

describe('the gauges of MemdashSnapshotRunFailed and MemdashTableUnchanged', () => {
  it('after a run that wrote the table: succeeded 1, its start, the table written when kubectl says, its rows', async () => {
    const done = await run('normal');
    expect(done.ended).toBe('Complete');
    const text = await scrape();
    expect(['succeeded', 'failed', 'running'].map((outcome) => sample(text, 'memdash_snapshot_last_run', { outcome }))).toEqual([1, 0, 0]);
    expect(sample(text, 'memdash_snapshot_last_run_start_timestamp_seconds')).toBe(done.startedAt);
    expect(sample(text, 'memdash_table_last_write_timestamp_seconds')).toBe(tableWrittenAt());
    expect(sample(text, 'memdash_table_rows')).toBe(Object.keys(tableData() ?? {}).length);
  }, 300_000);

  it('after a run the guard refused: failed 1 (the alert fires), the table last written as before', async () => {
    const writtenBefore = tableWrittenAt();
    const done = await run('too-few-rows');
    expect(done.ended).toBe('Failed');
    const text = await scrape();
    expect(['succeeded', 'failed', 'running'].map((outcome) => sample(text, 'memdash_snapshot_last_run', { outcome }))).toEqual([0, 1, 0]);
    expect(sample(text, 'memdash_snapshot_last_run_start_timestamp_seconds')).toBe(done.startedAt);
    expect(tableWrittenAt()).toBe(writtenBefore);
    expect(sample(text, 'memdash_table_last_write_timestamp_seconds')).toBe(writtenBefore);
  }, 300_000);
});

describe('the gauge of MemdashPodCreationRefused and MemdashBreakGlassInForce', () => {
  const scaleKyverno = (replicas: number) =>
    kubectl(['-n', KYVERNO, 'scale', 'deployment', 'kyverno-admission-controller', `--replicas=${replicas}`], 'operator');
  const readyReplicas = () =>
    kubectlJson<{ status: { replicas?: number; readyReplicas?: number } }>([
      '-n',
      KYVERNO,
      'get',
      'deployment',
      'kyverno-admission-controller',
    ]).status;
  /** The one webhook state the gauge sets to 1, once it is `state` (read at each scrape; the caches follow the cluster). */
  const gaugeSays = (state: string) =>
    until(
      `memdash_webhook_state{state="${state}"} 1`,
      async () => {
        const text = await scrape();
        return sample(text, 'memdash_webhook_state', { state }) === 1 ? text : null;
      },
      90_000,
    );

  const harness = (...args: string[]) =>
    execFileSync(process.execPath, [join(repoRoot, 'e2e/cluster/cli.ts'), ...args], { cwd: repoRoot, stdio: 'pipe' });

  afterAll(async () => {
    scaleKyverno(3);
    harness('kyverno', 'recover'); // starts the stand-in again after the crash, and waits until it serves
    await until(
      'the pod webhook registered again',
      () => {
        try {
          requirePodWebhook();
          return true;
        } catch {
          return false; // not yet: the leader registers it every 10 s
        }
      },
      120_000,
    );
    await gaugeSays('healthy');
  }, 240_000);

  it('healthy on the cluster as up left it, every other state 0', async () => {
    requirePodWebhook();
    const text = await gaugeSays('healthy');
    for (const state of ['degraded', 'refusing', 'break-glass', 'starting', 'orphaned', 'unknown'])
      expect({ state, value: sample(text, 'memdash_webhook_state', { state }) }).toEqual({ state, value: 0 });
  }, 120_000);

  it('refusing after Kyverno was killed and scaled to 0, its registrations left with failurePolicy Fail', async () => {
    harness('kyverno', 'crash'); // no clean shutdown: the registrations stay
    scaleKyverno(0);
    await until('0 replicas', () => (readyReplicas().replicas ?? 0) === 0, 90_000);
    expect(kyvernoRegistrations().length).toBeGreaterThan(0);
    const text = await gaugeSays('refusing');
    expect(sample(text, 'memdash_webhook_state', { state: 'healthy' })).toBe(0);
  }, 180_000);

  it('break-glass once the runbook deleted the registrations by their label; refusing 0', async () => {
    if ((readyReplicas().replicas ?? 0) !== 0) throw new Error('precondition failed: Kyverno is not at 0 replicas (the test before)');
    kubectl(
      ['delete', 'mutatingwebhookconfiguration,validatingwebhookconfiguration', '-l', 'webhook.kyverno.io/managed-by=kyverno'],
      'admin',
    );
    expect(kyvernoRegistrations()).toEqual([]);
    const text = await gaugeSays('break-glass');
    expect(sample(text, 'memdash_webhook_state', { state: 'refusing' })).toBe(0);
  }, 180_000);
});
