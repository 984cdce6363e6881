// Benchmark of the history pages' two costly reads (run by hand, prints figures; not a timed test):
//   1. the diff of two 8,000-row snapshots (server time, from the route's Server-Timing header; target <= 50 ms);
//   2. a workload's memory history vs the raw Prometheus query_range for the same series (target <= 1.5x).
//   node bench/history.ts [namespace workload]     (default payments api; needs the local cluster and `npm run build`)
// It starts memdash on a history store of its own, since it imports two synthetic snapshots dated 2001-01-01/02.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubeconfigPath } from '../e2e/cluster/lib/paths.ts';
import { readState } from '../e2e/cluster/lib/state.ts';
import { prometheusUrl } from '../e2e/cluster/lib/prometheus.ts';
import { percentile, startMemdash, stopMemdash, time, waitForCaches } from './harness.ts';
import { atMost, report } from './figures.ts';

const [namespace = 'payments', workload = 'api'] = process.argv.slice(2);
const RUNS = 20;
const WARM_UP = 3;
const cluster = readState();
if (!cluster) throw new Error('no local cluster: run npm run cluster:up');
const prometheus = prometheusUrl(cluster);
const server = await startMemdash({ MEMDASH_HISTORY_PATH: join(mkdtempSync(join(tmpdir(), 'memdash-bench-')), 'history.sqlite') });
const base = server.url;
// a running memdash is measured, not one still listing 20,000 pods on the thread that answers
console.log(`caches synced in ${(await waitForCaches(server)).toFixed(1)} s`);
const stats = (values: number[]) => `median ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`;

function snapshot(seed: number): Record<string, string> {
  const data: Record<string, string> = {};
  for (let i = 0; i < 8000; i++) {
    // About a tenth of the rows change between the two, some go, some are new: a busy night.
    const drift = i % 10 === 0 ? seed * 37 : 0;
    if (seed === 2 && i % 97 === 0) continue;
    data[`ns-${i % 40}_workload-${i}_container-${i % 3}`] = `${64 + ((i * 7) % 2000) + drift}Mi`;
  }
  if (seed === 2) for (let i = 0; i < 50; i++) data[`ns-new_workload-${i}_app`] = '128Mi';
  return data;
}

// an import is a write: the local cluster's operator may patch the table
const operatorToken = readFileSync(kubeconfigPath('operator'), 'utf8').match(/token: (\S+)/)?.[1];

async function importSnapshot(seed: number): Promise<number> {
  const content = JSON.stringify({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'memory-requests', namespace: 'kyverno-prd' },
    data: snapshot(seed),
  });
  const response = await fetch(`${base}/api/history/imports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, authorization: `Bearer ${operatorToken}` },
    body: JSON.stringify({ fileName: `memory-requests-2001-01-0${seed}.json`, content }),
  });
  const body = (await response.json()) as { versionId?: number; error?: { message: string } };
  if (!body.versionId) throw new Error(`import failed: ${body.error?.message ?? response.status}`);
  return body.versionId;
}

const from = await importSnapshot(1);
const to = await importSnapshot(2);
const serverTimes: number[] = [];
const wall: number[] = [];
// the first requests compile the route's code: a running server has done that long before
for (let i = 0; i < WARM_UP; i++) await (await fetch(`${base}/api/table/diff?from=${from}&to=${to}`)).arrayBuffer();
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  const response = await fetch(`${base}/api/table/diff?from=${from}&to=${to}`);
  const body = (await response.json()) as { changed: unknown[]; added: unknown[]; gone: unknown[] };
  wall.push(performance.now() - start);
  serverTimes.push(Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN));
  if (i === 0)
    console.log(`diff of two 8,000-row snapshots: ${body.changed.length} changed, ${body.added.length} new, ${body.gone.length} gone`);
}
console.log(`  server time ${stats(serverTimes)} (target ≤ 50 ms); whole request ${stats(wall)}`);
atMost('diff of two 8,000-row snapshots, server time median', percentile(serverTimes, 50), 'ms', 50);

// Both are asked by one client with the same headers. fetch offers gzip, as a browser or Grafana does: Prometheus then
// compresses its 400 KB of 300 s samples and memdash its 60 KB of hourly points. The target holds for that; the same
// comparison without compression (both asked for identity, as memdash asks Prometheus) is printed beside it, since
// there Prometheus's answer costs only the query and memdash's still carries the parse of those 400 KB.
const historyPage = `${base}/api/workloads/${namespace}/${workload}/memory`;
const queryRangeUrl = `${prometheus}/api/v1/query_range`;
const end = Math.floor(Date.now() / 1000);
const query = `container_memory_working_set_bytes{namespace="${namespace}",pod=~"${workload}-.*",container!="",container!="POD"}`;
const raw = new URLSearchParams({ query, start: String(end - 28 * 86400), end: String(end), step: '300' });

/** Milliseconds per request, memdash's workload history page and Prometheus's query_range, in alternation. */
interface Timings {
  page: number[];
  direct: number[];
}

async function compareWithQueryRange(headers: Record<string, string>): Promise<Timings> {
  const page: number[] = [];
  const direct: number[] = [];
  const askPrometheus = async () => (await fetch(queryRangeUrl, { method: 'POST', body: raw, headers })).json();
  const askMemdash = async () => (await fetch(historyPage, { headers })).json();
  for (let i = 0; i < WARM_UP; i++) {
    await askPrometheus();
    await askMemdash();
  }
  for (let i = 0; i < RUNS; i++) {
    direct.push(await time(async () => void (await askPrometheus())));
    page.push(await time(async () => void (await askMemdash())));
  }
  return { page, direct };
}

function reportHistory(how: string, { page, direct }: Timings, target: number | null): void {
  const ratio = percentile(page, 50) / percentile(direct, 50);
  console.log(
    `workload history ${namespace}/${workload} (28 days at 300 s), ${how}: memdash ${stats(page)}; raw query_range ${stats(direct)}`,
  );
  console.log(`  ratio of medians ${ratio.toFixed(2)}×${target === null ? ' (no target)' : ` (target ≤ ${target}×)`}`);
  report({
    figure: `workload history ${namespace}/${workload}, median, ${how}`,
    value: percentile(page, 50),
    unit: 'ms',
    anchor: { name: "Prometheus's own query_range", value: percentile(direct, 50), unit: 'ms' },
    ratio,
    target: target === null ? 'none (for comparison)' : `≤ ${target}×`,
    pass: target === null || ratio <= target,
  });
}

reportHistory('gzip offered', await compareWithQueryRange({}), 1.5);
reportHistory('uncompressed', await compareWithQueryRange({ 'accept-encoding': 'identity' }), null);
stopMemdash(server);
