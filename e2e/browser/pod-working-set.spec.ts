// The pod page's "is this enough?": each container's own working set beside its request, read from the local
// cluster's real Prometheus. The expected figures are computed here from Prometheus's own answer (nearest-rank p90
// in whole MiB rounded up, as the snapshot job does), not read from memdash. A Prometheus that is down or slow holds
// only that column: the rest of the page is there, and the column says why.
import { expect, test } from '@playwright/test';
import { kubectlJson, podOf } from '../../test/integration/cluster';
import { startMemdash, stopMemdash } from '../../bench/harness';
import { readState } from '../cluster/lib/state';
import { prometheusUrl } from '../cluster/lib/prometheus';
import { closedPrometheus, slowedPrometheus } from '../../test/integration/prometheus-in-front';
import { PodPage } from './pod-page';

const MiB = 1024 * 1024;
const DAY = 86_400;

function prometheus(): string {
  const cluster = readState();
  if (!cluster) throw new Error('precondition: the local cluster is up (npm run cluster:up)');
  return prometheusUrl(cluster);
}

/** One pod's working set over the snapshot's window, as Prometheus answers it: values per container, in time order. */
async function samplesOf(namespace: string, pod: string): Promise<Map<string, number[]>> {
  const end = Math.floor(Date.now() / 1000);
  const body = new URLSearchParams({
    query: `container_memory_working_set_bytes{namespace="${namespace}",pod="${pod}",container!="",container!="POD"}`,
    start: String(end - 28 * DAY),
    end: String(end),
    step: '300',
  });
  const answer = (await (await fetch(`${prometheus()}/api/v1/query_range`, { method: 'POST', body })).json()) as {
    data: { result: Array<{ metric: Record<string, string>; values: Array<[number, string]> }> };
  };
  return new Map(answer.data.result.map((s) => [s.metric.container!, s.values.map(([, v]) => Number(v))]));
}

/** The container's memory request as the pod's spec says it (the scenario writes them in Mi). */
function requestOf(namespace: string, pod: string, container: string): number {
  const spec = kubectlJson<{ spec: { containers: Array<{ name: string; resources?: { requests?: { memory?: string } } }> } }>([
    '-n',
    namespace,
    'get',
    'pod',
    pod,
  ]).spec;
  const memory = spec.containers.find((c) => c.name === container)?.resources?.requests?.memory ?? '';
  const mi = /^(\d+)Mi$/.exec(memory);
  if (!mi) throw new Error(`precondition: ${namespace}/${pod} container ${container} has a request in Mi (it has "${memory}")`);
  return Number(mi[1]) * MiB;
}

/** The nearest-rank p90's neighbours in whole MiB: the page's window ends a few seconds apart from this one's. */
function p90Around(values: number[]): number[] {
  const sorted = values.map((v) => Math.ceil(v / MiB)).sort((a, b) => a - b);
  const rank = Math.ceil(0.9 * sorted.length);
  return [sorted[rank - 2], sorted[rank - 1], sorted[rank]].filter((v): v is number => v !== undefined);
}

test("each container's own working set beside its request: its newest sample and this pod's p90 over 28 days", async ({ page }) => {
  const pod = podOf('payments', 'api');
  const samples = await samplesOf('payments', pod);
  if (samples.size === 0) throw new Error(`precondition: Prometheus holds no samples for payments/${pod} (the backfill is missing)`);
  const podPage = new PodPage(page);
  await podPage.goto('payments', pod);
  for (const [container, values] of samples) {
    const cell = podPage.container(container).getByTestId('working-set');
    await expect(cell).toHaveAttribute('data-latest', String(values.at(-1)));
    const p90 = Number(await cell.getAttribute('data-p90-mi'));
    expect(p90Around(values)).toContain(p90);
    // labelled as this pod's: the table's row beside it is the workload's p90, every pod of it pooled
    await expect(cell).toContainText(`${p90}Mi this pod's p90, 28 days`);
    // in the table's unit, whole Mi rounded up: never "712.2Mi" beside a row's "900Mi"
    await expect(cell).toContainText(`${Math.ceil(values.at(-1)! / MiB)}Mi latest`);
    const request = requestOf('payments', pod, container);
    await expect(cell.getByTestId('fits')).toHaveText(
      p90 * MiB > request ? "this pod's p90 above its request" : "this pod's p90 within its request",
    );
  }
});

test('Prometheus down: the pod page is all there, and the working set says why it is not shown', async ({ page }) => {
  const url = await closedPrometheus();
  const server = await startMemdash({ MEMDASH_PROMETHEUS_URL: url });
  try {
    const pod = podOf('shop', 'web');
    expect((await page.goto(`${server.url}/pods/shop/${pod}`))?.status()).toBe(200);
    await expect(page.getByTestId('container').first()).toHaveAttribute('data-verdict', /.+/);
    await expect(page.getByTestId('working-set-problem')).toContainText(`Prometheus cannot be reached at ${url}`);
    await expect(page.getByTestId('container').first()).toContainText('not read');
  } finally {
    stopMemdash(server);
  }
});

test('Prometheus slow: the containers and verdicts come first, the working set when Prometheus answers', async ({ page }) => {
  test.setTimeout(120_000);
  const slowed = await slowedPrometheus(prometheus(), 10_000, 0);
  const server = await startMemdash({ MEMDASH_PROMETHEUS_URL: slowed.url });
  try {
    const pod = podOf('shop', 'web');
    await page.goto(`${server.url}/pods/shop/${pod}`, { waitUntil: 'commit' });
    const container = page.getByTestId('container').first();
    await expect(container).toHaveAttribute('data-verdict', /.+/, { timeout: 8_000 });
    await expect(container).toContainText('reading Prometheus…');
    await expect(container.getByTestId('working-set')).toBeVisible({ timeout: 30_000 });
    expect(slowed.counts.started).toBeGreaterThan(0);
  } finally {
    stopMemdash(server);
    slowed.server.close();
  }
});
