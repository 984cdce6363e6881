// Explains one pod 50 times through memdash's API and 50 times through the runbook's three kubectl commands + jq,
// and prints both medians, the API's p95 and the ratio. Run by hand: `node bench/explain.ts [namespace/pod]`.
// Needs the local cluster (npm run cluster:up) and a `next build`; MEMDASH_URL reuses a running memdash instead.
import { execFileSync } from 'node:child_process';
import { kubeconfigPath } from '../e2e/cluster/lib/paths.ts';
import { bin } from '../e2e/cluster/lib/paths.ts';
import { readState } from '../e2e/cluster/lib/state.ts';
import { FRESH, startMemdash, percentile, stopMemdash, time, waitForCaches } from './harness.ts';
import { atMost, report } from './figures.ts';
import { untilQuiet } from './cpu-time.ts';

const RUNS = 50;
const viewer = kubeconfigPath('viewer');
// the table's ConfigMap is megabytes as JSON at --scale 50000: past execFileSync's 1 MiB of output by default
const MAX_OUTPUT_BYTES = 64 << 20;
const kubectl = (args: string[]) =>
  execFileSync(bin('kubectl'), [`--kubeconfig=${viewer}`, ...args], { encoding: 'utf8', maxBuffer: MAX_OUTPUT_BYTES });

function firstPod(): string {
  const name = kubectl(['get', 'pods', '-n', 'shop', '-l', 'app.kubernetes.io/name=web', '-o', 'jsonpath={.items[0].metadata.name}']);
  return `shop/${name}`;
}

/** The runbook's "Which request a pod got, and why": requests and limits, creation and owner, the workload's rows. */
function runbook(ns: string, pod: string, workload: string): void {
  const podFields = (jsonpath: string) => kubectl(['-n', ns, 'get', 'pod', pod, '-o', `jsonpath=${jsonpath}`]);
  podFields(
    '{range .spec.initContainers[*]}{.name} (init): {.resources.requests.memory}, limit {.resources.limits.memory}{"\\n"}{end}{range .spec.containers[*]}{.name}: {.resources.requests.memory}, limit {.resources.limits.memory}{"\\n"}{end}',
  );
  podFields(
    '{.metadata.creationTimestamp} {.metadata.ownerReferences[?(@.controller==true)].kind}/{.metadata.ownerReferences[?(@.controller==true)].name}{"\\n"}',
  );
  const table = kubectl(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests', '-o', 'json']);
  execFileSync(
    'jq',
    ['-r', '--arg', 'p', `${ns}_${workload}_`, '.data // {} | to_entries[] | select(.key | startswith($p)) | "\\(.key) \\(.value)"'],
    { input: table, encoding: 'utf8', maxBuffer: MAX_OUTPUT_BYTES },
  );
}

async function main(): Promise<void> {
  if (!readState()) throw new Error('no local cluster: run npm run cluster:up');
  const target = process.argv[2] ?? firstPod();
  const [ns, pod] = target.split('/') as [string, string];
  const server = await startMemdash();
  try {
    console.log(`caches synced in ${(await waitForCaches(server)).toFixed(1)} s`);
    const url = `${server.url}/api/pods/${ns}/${pod}/explanation`;
    const first = await fetch(url);
    if (!first.ok) throw new Error(`${url}: ${first.status} ${await first.text()}`);
    const workload = ((await first.json()) as { workload: { name: string } | null }).workload?.name ?? '';
    // a running server: its first requests compile the route's code (the first dozen take 20–200 ms)
    for (let i = 0; i < 30; i++) await (await fetch(url, { headers: FRESH })).arrayBuffer();
    const settled = await untilQuiet();
    console.log(`the machine ${settled.quiet ? 'quiet' : 'still busy'} ${settled.seconds.toFixed(1)} s after the warm-up`);
    const api: number[] = [];
    for (let i = 0; i < RUNS; i++)
      api.push(
        await time(async () => {
          const r = await fetch(url, { headers: FRESH });
          await r.arrayBuffer();
        }),
      );
    const cli: number[] = [];
    for (let i = 0; i < RUNS; i++) cli.push(await time(async () => runbook(ns, pod, workload)));
    const apiMedian = percentile(api, 50);
    const cliMedian = percentile(cli, 50);
    console.log(`explaining ${target}, ${RUNS} runs each`);
    console.log(`memdash API          median ${apiMedian.toFixed(1)} ms   p95 ${percentile(api, 95).toFixed(1)} ms`);
    console.log(`runbook kubectl + jq median ${cliMedian.toFixed(1)} ms   p95 ${percentile(cli, 95).toFixed(1)} ms`);
    console.log(`ratio                ${(cliMedian / apiMedian).toFixed(1)}x faster (target >= 10x, p95 < 50 ms)`);
    const ratio = cliMedian / apiMedian;
    report({
      figure: 'explanation, median',
      value: apiMedian,
      unit: 'ms',
      anchor: { name: "the runbook's kubectl + jq", value: cliMedian, unit: 'ms' },
      ratio,
      target: '≥ 10× faster',
      pass: ratio >= 10,
    });
    atMost('explanation, p95', percentile(api, 95), 'ms', 50);
  } finally {
    stopMemdash(server);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
