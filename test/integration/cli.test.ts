// The terminal companion against the local cluster: `node bin/memdash.mjs …` as a person or a script runs it, with
// KUBECONFIG and the flags. Expected verdicts come from the scenario (test/integration/scenario.ts), the webhook's
// state from kubectl's view of the Deployment and the registration, the diff from the versions this file records.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  kubeconfig,
  kubectl,
  kubectlJson,
  podOf,
  repoRoot,
  requireCluster,
  requirePodWebhook,
  POD_ENTRY,
  POD_REGISTRATION,
} from './cluster';
import { bytes, expectedContainers, scenarioWorkload } from './scenario';
import { clusterNameFor } from '../stores';

requireCluster();

function memdash(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'bin/memdash.mjs'), ...args], {
    cwd: mkdtempSync(join(tmpdir(), 'memdash-cli-')), // a working folder of its own: no ./data store is found or made
    encoding: 'utf8',
    // only what a shell would pass: no MEMDASH_* or DATABASE_URL of this test process
    env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', KUBECONFIG: kubeconfig('viewer'), ...env },
    timeout: 120_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describe('memdash explain', () => {
  it('gives each container’s verdict and numbers, as the scenario seeded them, in words and as JSON', () => {
    const w = scenarioWorkload('shop', 'search');
    const pod = podOf('shop', 'search');
    const [expected] = expectedContainers(w, () => 'capped', true);
    const text = memdash(['explain', `shop/${pod}`]);
    expect(text.err).toBe('');
    expect(text.code).toBe(0);
    expect(text.out).toContain(`pod shop/${pod}`);
    expect(text.out).toContain('search: request 512Mi, limit 512Mi, row 600Mi');
    expect(text.out).toContain('  capped: ');
    const json = memdash(['explain', '-n', 'shop', pod, '--json']);
    expect(json.code).toBe(0);
    const [container] = (JSON.parse(json.out) as { containers: Array<Record<string, unknown>> }).containers;
    expect({
      name: container!.name,
      request: container!.request,
      limit: container!.limit,
      row: container!.row,
      verdict: container!.verdict,
    }).toEqual({
      name: expected!.name,
      request: expected!.request,
      limit: expected!.limit,
      row: bytes(w.rows?.search),
      verdict: 'capped',
    });
  });

  it('exits 1 naming a pod that does not exist, and 64 for a name Kubernetes would refuse', () => {
    const missing = memdash(['explain', 'shop/no-such-pod']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('not found');
    const invalid = memdash(['explain', 'shop/Not_A_Name']);
    expect(invalid.code).toBe(64);
  });

  it('reads with the kubeconfig context --context names, and says when there is none', () => {
    const wrong = memdash(['explain', 'shop/x', '--context', 'no-such-context']);
    expect(wrong.code).toBe(3);
    expect(wrong.err).toContain('MEMDASH_KUBE_CONTEXT');
  });
});

describe('memdash health', () => {
  it('exits 0 and says healthy when kubectl shows every replica ready and the registration owned', () => {
    requirePodWebhook();
    const d = kubectlJson<{ spec: { replicas: number }; status: { readyReplicas?: number } }>([
      '-n',
      'kyverno-prd',
      'get',
      'deployment',
      'kyverno-admission-controller',
    ]);
    const r = kubectlJson<{ webhooks?: Array<{ name: string }>; metadata: { ownerReferences?: Array<{ name: string }> } }>([
      'get',
      'mutatingwebhookconfiguration',
      POD_REGISTRATION,
    ]);
    expect(d.status.readyReplicas).toBe(d.spec.replicas);
    expect(r.webhooks?.map((w) => w.name)).toContain(POD_ENTRY);
    expect(r.metadata.ownerReferences?.map((o) => o.name)).toContain('kyverno-prd:webhook');
    const text = memdash(['health']);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^healthy /);
    const json = memdash(['health', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({ state: { code: 'healthy' }, exitCode: 0 });
  });

  it('exits 3 when the cluster cannot be read', () => {
    const run = memdash(['health'], { KUBECONFIG: join(tmpdir(), 'no-such-kubeconfig.yaml') });
    expect(run.code).toBe(3);
  });
});

describe('memdash health when the webhook is at risk (1) or refusing (2)', () => {
  const scaleKyverno = (replicas: number) =>
    kubectl(['-n', 'kyverno-prd', 'scale', 'deployment', 'kyverno-admission-controller', `--replicas=${replicas}`], 'operator');
  const harness = (...args: string[]) =>
    execFileSync(process.execPath, [join(repoRoot, 'e2e/cluster/cli.ts'), ...args], { cwd: repoRoot, stdio: 'pipe' });
  const deployment = () =>
    kubectlJson<{ spec: { replicas: number }; status: { replicas?: number; readyReplicas?: number } }>([
      '-n',
      'kyverno-prd',
      'get',
      'deployment',
      'kyverno-admission-controller',
    ]);
  /** Waits until kubectl shows the Deployment so; the state memdash then reports is what the test checks. */
  async function kubectlShows(what: string, holds: (d: ReturnType<typeof deployment>) => boolean): Promise<void> {
    const end = Date.now() + 90_000;
    while (!holds(deployment())) {
      if (Date.now() > end) throw new Error(`precondition failed: kubectl never showed ${what}: ${JSON.stringify(deployment().status)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  afterEach(async () => {
    scaleKyverno(3);
    harness('kyverno', 'recover'); // starts the stand-in again if a test killed it, and waits until it serves
    await kubectlShows('3 of 3 replicas ready', (d) => d.status.readyReplicas === 3 && d.status.replicas === 3);
    requirePodWebhook();
  }, 180_000);

  it('exits 1 and says degraded while a fourth replica no node can take is pending, the other three ready', async () => {
    scaleKyverno(4);
    await kubectlShows('4 replicas, 3 ready', (d) => d.status.replicas === 4 && d.status.readyReplicas === 3);
    const run = memdash(['health']);
    expect([run.code, run.out]).toEqual([1, expect.stringMatching(/^degraded /)]);
    expect(JSON.parse(memdash(['health', '--json']).out)).toMatchObject({ state: { code: 'degraded' }, exitCode: 1 });
  });

  it('exits 2 and says refusing when Kyverno was killed and scaled to 0, its registration left with failurePolicy Fail', async () => {
    harness('kyverno', 'crash'); // no clean shutdown: the registrations stay
    scaleKyverno(0);
    await kubectlShows('0 replicas', (d) => (d.status.replicas ?? 0) === 0 && (d.status.readyReplicas ?? 0) === 0);
    const policies = kubectlJson<{ webhooks?: Array<{ name: string; failurePolicy: string }> }>([
      'get',
      'mutatingwebhookconfiguration',
      POD_REGISTRATION,
    ]).webhooks?.filter((w) => w.name === POD_ENTRY);
    expect(policies?.map((w) => w.failurePolicy)).toEqual(['Fail']);
    const run = memdash(['health']);
    expect([run.code, run.out]).toEqual([2, expect.stringMatching(/^refusing /)]);
  });
});

describe('memdash diff', () => {
  it('shows what changed between two recorded versions, and exits 1 for a version not recorded', async () => {
    const store = join(mkdtempSync(join(tmpdir(), 'memdash-cli-store-')), 'memdash.sqlite');
    process.env.MEMDASH_HISTORY_PATH = store; // this process records two versions into the CLI's store
    const { openHistoryDb } = await import('@/lib/history/db');
    const { recordTableVersion } = await import('@/lib/history/store');
    const db = await openHistoryDb(store, await clusterNameFor(kubeconfig('viewer'))); // the CLI's cluster
    const at = (s: string) => ({ resourceVersion: s, seenAt: new Date(`2026-11-0${s}T04:15:00Z`), writtenAt: null });
    await recordTableVersion(db, { data: { shop_web_app: '300Mi', shop_web_nginx: '24Mi' }, ...at('1') });
    await recordTableVersion(db, { data: { shop_web_app: '450Mi', shop_api_api: '100Mi' }, ...at('2') });
    await db.kysely.destroy();
    const text = memdash(['diff', '1', '2'], { MEMDASH_HISTORY_PATH: store });
    expect(text.code).toBe(0);
    expect(text.out).toContain('1 new, 1 gone, 1 changed, 0 unchanged');
    expect(text.out).toContain('+ shop_api_api 100Mi');
    expect(text.out).toContain('- shop_web_nginx 24Mi');
    expect(text.out).toContain('~ shop_web_app 300Mi → 450Mi (+50%)');
    const json = JSON.parse(memdash(['diff', '1', '2', '--json'], { MEMDASH_HISTORY_PATH: store }).out) as Record<string, unknown[]>;
    expect([json.added!.length, json.gone!.length, json.changed!.length]).toEqual([1, 1, 1]);
    expect(memdash(['diff', '1', '9'], { MEMDASH_HISTORY_PATH: store }).code).toBe(1);
  });
});

describe('memdash --help and usage', () => {
  it('prints each command’s help with exit 0, and refuses an unknown command or flag with 64', () => {
    for (const command of ['explain', 'diff', 'health']) {
      const help = memdash([command, '--help']);
      expect(help.code).toBe(0);
      expect(help.out).toContain(`memdash ${command}`);
      expect(help.out).toContain('--json');
    }
    expect(memdash(['--help']).out).toContain('Commands:');
    expect(memdash(['nonsense']).code).toBe(64);
    expect(memdash(['health', '--nonsense']).code).toBe(64);
  });
});
