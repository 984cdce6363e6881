import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { TEST_CHROMIUM, TEST_CHROMIUM_ARGS } from './e2e/chromium.ts';
import { prometheusUrl } from './e2e/cluster/lib/prometheus.ts';
import { kubeconfig, requireCluster } from './test/integration/cluster.ts';

// The port is chosen once, in the main process, and handed to the workers through the environment they inherit.
process.env.MEMDASH_E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
const port = Number(process.env.MEMDASH_E2E_PORT);

// Every run records into a history store of its own, as a fresh clone does: tests that import tables must not meet
// the imports of an earlier run. The main process picks it (and clears earlier runs' stores); workers inherit it.
if (!process.env.MEMDASH_E2E_STORE) {
  rmSync('data/e2e', { recursive: true, force: true });
  mkdirSync('data/e2e', { recursive: true }); // the server's log is written there before the store exists
  process.env.MEMDASH_E2E_STORE = `data/e2e/run-${Date.now()}.sqlite`;
}
const baseURL = `http://127.0.0.1:${port}`;

// Set MEMDASH_E2E_SKIP_BUILD=1 to reuse the last `next build` (the build is the slow part on a shared machine).
const build = process.env.MEMDASH_E2E_SKIP_BUILD ? '' : 'npx next build && ';

// The browser tests run against the local cluster (its state folder as the harness finds it, MEMDASH_CLUSTER_DIR
// honoured): without it the run stops here with an error naming the missing file, rather than testing nothing.
const cluster = requireCluster();

/**
 * The specs that change what others read: Kyverno's state, the table, the snapshot switch, the history store's versions.
 * One worker runs them in the order of their file names: advice.spec.ts first, since its pods must read stale from
 * the table's last write, before history.spec.ts and import-cli.spec.ts import saved tables dated before them.
 */
const WRITERS = [
  'advice',
  'api-server-down',
  'audit',
  'break-glass',
  'history',
  'import-cli',
  'incidents',
  'lifecycle',
  'snapshot-when',
  'webhook',
  'workload-chart-controls',
  'writes',
].map((name) => `**/${name}.spec.ts`);
/**
 * The specs that need memdash to read two clusters (MEMDASH_CLUSTERS, `up --clusters 2`): the fleet page, and Ctrl-K
 * and a workload's page across clusters (which start a memdash of their own on the pair). A project of its own, run
 * by naming its file, never by the browser group's readers or writers (their server reads one cluster).
 */
const FLEET = ['**/fleet.spec.ts', '**/across-clusters.spec.ts'];
/** How many specs run at once: MEMDASH_E2E_WORKERS (the browser group's readers: 2), else 1. */
const workerCount = Number(process.env.MEMDASH_E2E_WORKERS ?? 1);
if (!Number.isInteger(workerCount) || workerCount < 1) throw new Error('MEMDASH_E2E_WORKERS: a whole number of workers, 1 or more');

export default defineConfig({
  testDir: 'e2e/browser',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // a stray test.only fails the run instead of running one test green
  forbidOnly: true,
  fullyParallel: false,
  workers: workerCount,
  retries: 0,
  outputDir: process.env.MEMDASH_E2E_OUTPUT ?? 'test-results',
  // The specs that only read (readers) and those that change what others read (writers, one at a time). The browser
  // group (scripts/test-browser.sh) runs the readers first, MEMDASH_E2E_WORKERS at a time, then the writers, on a
  // cluster no reader is looking at. With one worker every named spec runs in turn.
  projects: [
    { name: 'readers', testIgnore: [...WRITERS, ...FLEET] },
    { name: 'writers', testMatch: WRITERS, workers: 1 },
    { name: 'fleet', testMatch: FLEET },
  ],
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    // Debian's Chromium (its headless shell, e2e/chromium.ts): `npx playwright install` cannot download browsers here.
    launchOptions: {
      executablePath: TEST_CHROMIUM,
      args: [...TEST_CHROMIUM_ARGS, '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // A trace records every action's snapshot, on every test: on 2 cores beside the cluster that is CPU the tests
    // need. The browser group turns it off (MEMDASH_E2E_TRACE=off) and keeps a screenshot of a failure.
    trace: process.env.MEMDASH_E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The server's output is also kept beside the run's store: the write tests scan it for the tokens they used.
    command: `${build}npx next start --hostname 127.0.0.1 --port ${port} 2>&1 | tee -a ${process.env.MEMDASH_E2E_STORE}.server.log`,
    url: `${baseURL}/healthz`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      // the deployment group runs the read-only specs with the Helm chart's ServiceAccount token as the only credential
      KUBECONFIG: process.env.MEMDASH_E2E_KUBECONFIG ?? kubeconfig('viewer'),
      NEXT_TELEMETRY_DISABLED: '1',
      // the cluster's name, so that the specs name its pages (/c/local/…: e2e/browser/every-page.ts)
      MEMDASH_CLUSTER_NAME: 'local',
      // The workload charts read the local cluster's Prometheus; the history goes to a store of the tests' own.
      MEMDASH_PROMETHEUS_URL: prometheusUrl(cluster),
      MEMDASH_HISTORY_PATH: process.env.MEMDASH_E2E_STORE,
      // the browser tests are one client opening page after page, in parallel: the per-client limits and the
      // preview's interval are tried in the security group (test/security/collapse.test.ts)
      MEMDASH_READ_LIMIT: '0',
      MEMDASH_ACCESS_LIMIT: '0',
      MEMDASH_WRITE_LIMIT: '0',
      // a probe pressed right after a switch (Kyverno set to deny, crashed, back) runs then, rather than answering with
      // the one the page ran as it opened and leaving the test to wait for the page's next; the interval itself is
      // tried in the security group (test/security/probe.test.ts)
      MEMDASH_PROBE_MIN_INTERVAL_MS: '0',
    },
  },
});
