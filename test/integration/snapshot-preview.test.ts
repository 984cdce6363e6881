// The preview against the snapshot job itself: on the local cluster, the rows the preview computes equal the rows
// the independent runner (e2e/cluster/snapshot/, Python) writes right after, key for key and value for value, and
// its guard's line is the job's last log line. The scenario holds a workload gone from the window, one without
// samples, rolled-away ReplicaSets, CronJob runs, Jenkins builds, a <job>-<build> Job and init containers. The table
// is put back afterwards. Then the ways Prometheus fails, and stopping a preview half-way.
import { execFileSync } from 'node:child_process';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitForTable } from '../../e2e/cluster/kyverno/harness.ts';
import { getJson, kubectlAsync } from '../../e2e/cluster/lib/kubectl.ts';
import { kubeconfigPath, repoRoot } from '../../e2e/cluster/lib/paths.ts';
import { freePort } from '../../e2e/cluster/lib/ports.ts';
import { prometheusUrl } from '../../e2e/cluster/lib/prometheus.ts';
import { readState } from '../../e2e/cluster/lib/state.ts';
import { putTableData } from './cluster';
import { forgetClusters } from './fresh-clusters';
import { fakePrometheus, forward, slowedPrometheus } from './prometheus-in-front.ts';

const NS = 'kyverno-prd';
const STEP = 300;
const cluster = readState();
if (!cluster) throw new Error('the local cluster is not up (no .cluster/state.json): run npm run cluster:up');
const prometheus = prometheusUrl(cluster);
const saved = { ...process.env };

interface Table {
  metadata: { resourceVersion: string };
  data?: Record<string, string>;
}
const table = () => getJson<Table>(['-n', NS, 'get', 'configmap', 'memory-requests'], 'viewer');
const cli = (...args: string[]) => execFileSync(process.execPath, [join(repoRoot, 'e2e/cluster/cli.ts'), ...args], { stdio: 'pipe' });

/** The view as a server configured with `env` loads it (settings are read once per process). */
async function previewWith(env: { url: string; timeoutMs?: number }) {
  process.env.KUBECONFIG = kubeconfigPath('viewer');
  process.env.MEMDASH_PROMETHEUS_URL = env.url;
  if (env.timeoutMs) process.env.MEMDASH_PROMETHEUS_TIMEOUT_MS = String(env.timeoutMs);
  else delete process.env.MEMDASH_PROMETHEUS_TIMEOUT_MS;
  vi.resetModules();
  forgetClusters();
  const { previewSnapshot } = await import('@/lib/views/snapshot-preview');
  const { defaultCluster } = await import('@/lib/cluster/registry');
  const cluster = defaultCluster();
  return (...args: DropFirst<Parameters<typeof previewSnapshot>>) => previewSnapshot(cluster, ...args);
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

afterEach(() => {
  for (const key of ['KUBECONFIG', 'MEMDASH_PROMETHEUS_URL', 'MEMDASH_PROMETHEUS_TIMEOUT_MS']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

const stepOf = (seconds: number) => Math.floor(seconds / STEP);

interface JobRun {
  written: Record<string, string>;
  log: string[];
  /** When the job read Prometheus: a whole second between its pod's start and end, both in one 300 s step. */
  at: Date;
}

/**
 * Runs the snapshot job on the table `before` and gives what it wrote. Its window ends when it runs (int(time.time())),
 * and which samples a 300 s step picks depends only on the step that end falls in: a run whose start and end fall in
 * different steps is run again at once (it then starts early in the next step), so no test waits for a step to begin.
 */
async function runJobInOneStep(before: Record<string, string>): Promise<JobRun> {
  for (let attempt = 0; attempt < 2; attempt++) {
    putTableData(before, 'operator');
    await waitForTable(before);
    const job = `memory-snapshot-preview-${Date.now() % 1_000_000}`;
    expect((await kubectlAsync(['-n', NS, 'create', 'job', '--from=cronjob/memory-snapshot', job], { user: 'operator' })).stderr).toBe('');
    const waited = await kubectlAsync(['-n', NS, 'wait', '--for=condition=Complete', `job/${job}`, '--timeout=120s'], { user: 'viewer' });
    expect(waited.stderr).toBe('');
    const log = (await kubectlAsync(['-n', NS, 'logs', `job/${job}`], { user: 'viewer' })).stdout.trimEnd().split('\n');
    const pod = getJson<{
      items: Array<{ status: { containerStatuses?: Array<{ state: { terminated?: { startedAt: string; finishedAt: string } } }> } }>;
    }>(['-n', NS, 'get', 'pods', '-l', `job-name=${job}`], 'viewer').items[0];
    const ran = pod?.status.containerStatuses?.[0]?.state.terminated;
    if (!ran) throw new Error(`job ${job}'s pod has no terminated state`);
    if (stepOf(Date.parse(ran.startedAt) / 1000) === stepOf(Date.parse(ran.finishedAt) / 1000))
      return { written: table().data ?? {}, log, at: new Date(ran.startedAt) };
  }
  throw new Error('two runs of the snapshot job in a row each straddled a 300 s step: a run took longer than a step');
}

describe('the preview is what the snapshot job writes', () => {
  let before: Record<string, string>;
  beforeAll(() => {
    cli('snapshot', 'normal');
    before = table().data ?? {};
    if (!before['shop_legacy-worker_worker'])
      throw new Error('precondition: the seeded table holds shop_legacy-worker_worker (a workload gone from the window)');
  });
  afterAll(async () => {
    // Put the table back as the tests after this one expect it; fail loudly if it does not hold.
    putTableData(before, 'operator');
    const now = table().data ?? {};
    if (JSON.stringify(Object.entries(now).sort()) !== JSON.stringify(Object.entries(before).sort())) {
      throw new Error(`the table ${NS}/memory-requests could not be restored: later tests will see the job's rows`);
    }
    await waitForTable(before);
  }, 120_000);

  it('gives, key for key and value for value, the rows the job writes', async () => {
    // the job first; then the preview at the instant the job read Prometheus, on the table the job saw
    const { written, log, at } = await runJobInOneStep(before);
    putTableData(before, 'operator');
    await waitForTable(before);
    const previewSnapshot = await previewWith({ url: prometheus });
    const outcome = await previewSnapshot(at, new AbortController().signal);
    if (!('preview' in outcome)) throw new Error(`the preview failed: ${outcome.problem.title}: ${outcome.problem.message}`);
    const { preview } = outcome;
    expect(stepOf(preview.window.end)).toBe(stepOf(at.getTime() / 1000));

    expect(preview.rows).toEqual(written);
    expect(Object.keys(preview.rows)).toEqual(Object.keys(written).sort());
    expect(log.at(-1)).toBe(preview.guard.logLine);
    expect(preview.guard.verdict).toBe('written');
    expect(preview.crash).toBeNull();

    // the cases the scenario holds, present in both
    expect(written['shop_legacy-worker_worker']).toBeUndefined(); // gone from the window
    expect(preview.diff.gone.map((c) => c.key)).toContain('shop_legacy-worker_worker');
    expect(written['shop_fresh-api_api']).toBeUndefined(); // no samples
    for (const key of [
      'shop_web_app',
      'shop_web_migrate',
      'payments_api_api',
      'shop_nightly-report_report',
      'jenkins-prd_build-app_build',
      'jenkins-prd_etl-v2_jnlp',
      'payments_validate-config_validate',
      'payments_pg-main_bootstrap-controller',
    ]) {
      expect(written[key], key).toMatch(/^\d+Mi$/);
    }
    expect(preview.series).toBeGreaterThan(30);
  }, 300_000);
});

/** A stand-in Prometheus on a free port that answers as `handle` says. */

describe('when Prometheus fails, the preview says which way and why', () => {
  const servers: Server[] = [];
  afterAll(() => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });

  it('down: nothing listens', async () => {
    const previewSnapshot = await previewWith({ url: `http://127.0.0.1:${await freePort()}` });
    const outcome = await previewSnapshot(new Date(), new AbortController().signal);
    expect(outcome).toMatchObject({
      problem: { kind: 'prometheus-down', title: 'Prometheus is down', message: expect.stringMatching(/cannot be reached.*ECONNREFUSED/) },
    });
  });

  it('slow: it accepts the query and sends nothing', async () => {
    const slow = await fakePrometheus(() => {});
    servers.push(slow.server);
    const previewSnapshot = await previewWith({ url: slow.url, timeoutMs: 500 });
    const outcome = await previewSnapshot(new Date(), new AbortController().signal);
    expect(outcome).toMatchObject({
      problem: { kind: 'prometheus-slow', message: expect.stringMatching(/sent nothing for 0.5 s \(MEMDASH_PROMETHEUS_TIMEOUT_MS\)/) },
    });
  });

  it('garbage: an HTML page, or samples that are not numbers', async () => {
    const html = await fakePrometheus((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>'),
    );
    servers.push(html.server);
    let outcome = await (await previewWith({ url: html.url }))(new Date(), new AbortController().signal);
    expect(outcome).toMatchObject({ problem: { kind: 'prometheus-garbage', message: expect.stringMatching(/not JSON/) } });

    // the real listing, then a matrix whose samples are not numbers
    const bad = await fakePrometheus((req, res) => {
      if (req.url?.startsWith('/api/v1/series')) return void forward(prometheus, req, res);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          status: 'success',
          data: {
            resultType: 'matrix',
            result: [{ metric: { namespace: 'shop', pod: 'redis-0', container: 'redis' }, values: [[1, '12MiB']] }],
          },
        }),
      );
    });
    servers.push(bad.server);
    outcome = await (await previewWith({ url: bad.url }))(new Date(), new AbortController().signal);
    expect(outcome).toMatchObject({ problem: { kind: 'prometheus-garbage', message: expect.stringMatching(/"12MiB" is not a number/) } });
  });

  it('refused: its own error answer', async () => {
    const refusing = await fakePrometheus((_req, res) =>
      res
        .writeHead(422, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ status: 'error', errorType: 'execution', error: 'query processing would load too many samples into memory' }),
        ),
    );
    servers.push(refusing.server);
    const outcome = await (await previewWith({ url: refusing.url }))(new Date(), new AbortController().signal);
    expect(outcome).toMatchObject({
      problem: { kind: 'prometheus-refused', message: expect.stringMatching(/execution.*too many samples/) },
    });
  });

  it('stopped: the signal closes the Prometheus reads in flight and starts no more', async () => {
    // a Prometheus that answers the real answers slowly, so the stop comes half-way
    const slowed = await slowedPrometheus(prometheus, 300, 20);
    const counts = slowed.counts;
    servers.push(slowed.server);
    const previewSnapshot = await previewWith({ url: slowed.url });
    const stop = new AbortController();
    let progressed = 0;
    const running = previewSnapshot(new Date(), stop.signal, (e) => {
      if (e.type === 'progress' && e.seriesRead > 0 && ++progressed === 1) stop.abort();
    });
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    const startedAtStop = counts.started;
    await new Promise((r) => setTimeout(r, 1000));
    expect(counts.open).toBe(0);
    expect(counts.started).toBe(startedAtStop);
  });
});
