// Benchmark of the history pages' two costly reads, run by hand against a running memdash (not a timed test):
//   1. the diff of two 8,000-row snapshots (server time, from the route's Server-Timing header; target ≤ 50 ms);
//   2. a workload's memory history vs the raw Prometheus query_range for the same series (target ≤ 1.5×).
// It imports two synthetic snapshots dated 2001-01-01/02, so point the server at a store of its own:
//   MEMDASH_HISTORY_PATH=/tmp/memdash-bench.sqlite MEMDASH_PROMETHEUS_URL=http://127.0.0.1:<port> npx next start -p 3999
//   node scripts/bench-history.ts http://127.0.0.1:3999 http://127.0.0.1:<prometheus port> payments api
export {};

const [base = 'http://127.0.0.1:3000', prometheus = '', namespace = 'payments', workload = 'api'] = process.argv.slice(2);
const RUNS = 20;

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

async function importSnapshot(seed: number): Promise<number> {
  const content = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'memory-requests', namespace: 'kyverno-prd' }, data: snapshot(seed) });
  const response = await fetch(`${base}/api/history/imports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ fileName: `memory-requests-2001-01-0${seed}.json`, content }),
  });
  const body = (await response.json()) as { versionId?: number; error?: { message: string } };
  if (!body.versionId) throw new Error(`import failed: ${body.error?.message ?? response.status}`);
  return body.versionId;
}

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const from = await importSnapshot(1);
const to = await importSnapshot(2);
const server: number[] = [];
const wall: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  const response = await fetch(`${base}/api/table/diff?from=${from}&to=${to}`);
  const body = (await response.json()) as { changed: unknown[]; added: unknown[]; gone: unknown[] };
  wall.push(performance.now() - start);
  server.push(Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN));
  if (i === 0) console.log(`diff of two 8,000-row snapshots: ${body.changed.length} changed, ${body.added.length} new, ${body.gone.length} gone`);
}
console.log(`  server time ${stats(server)} (target ≤ 50 ms); whole request ${stats(wall)}`);

if (prometheus) {
  const end = Math.floor(Date.now() / 1000);
  const query = `container_memory_working_set_bytes{namespace="${namespace}",pod=~"${workload}-.*",container!="",container!="POD"}`;
  const raw = new URLSearchParams({ query, start: String(end - 28 * 86400), end: String(end), step: '300' });
  const page: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    direct.push(await timed(async () => (await fetch(`${prometheus}/api/v1/query_range`, { method: 'POST', body: raw })).json()));
    page.push(await timed(async () => (await fetch(`${base}/api/workloads/${namespace}/${workload}/memory`)).json()));
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  console.log(`workload history ${namespace}/${workload} (28 days at 300 s): memdash ${stats(page)}; raw query_range ${stats(direct)}`);
  console.log(`  ratio of medians ${(median(page) / median(direct)).toFixed(2)}× (target ≤ 1.5×)`);
}
