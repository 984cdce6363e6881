// What a second cluster costs memdash (issue 57, "Cost"; run by `npm run bench -- --clusters 2`, or by hand; prints
// figures, not a timed test). Two servers on the same two local clusters: one configured with the first cluster alone
// (a MEMDASH_CLUSTERS file of one entry), one with both (the pair's clusters.yaml), each with every cache of each of
// its clusters listed (its pods list, workloads, webhook and table pages start them). Then
//   1. memdash's CPU per answer, asked one at a time, of the same pages of the first cluster, of one server and then
//      the other, page by page (and, of the server of two, the second cluster's and the fleet's): the ratio of two
//      clusters to one must be about 1;
//   2. one server at a time, a load like bench/load.ts's (50 clients for 30 s on an explanation, a pod page and /pods
//      of one namespace), on every configured cluster's pages alike, and the server's RSS as it ends and at its
//      highest: ≤ 300 MB at two clusters of 10,000 pods each, and the ratio to the server of one cluster.
// `node bench/clusters.ts [seconds] [clients]`; needs `npm run cluster -- up --clusters 2 --scale 10000` and a build.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { clustersFile, FIRST_NAME, SECOND_NAME, secondState, webPodsIn } from '../e2e/cluster/lib/pair.ts';
import { readState } from '../e2e/cluster/lib/state.ts';
import { cpuMsPerAnswer, idleCpuRate } from './answer-cost.ts';
import { untilQuiet } from './cpu-time.ts';
import { atMost, report, shown } from './figures.ts';
import { percentile, serverRssMb, startMemdash, stopMemdash, type Memdash } from './harness.ts';

const SECONDS = Number(process.argv[2] ?? 30);
const CLIENTS = Number(process.argv[3] ?? 50);
const REQUESTS = 300;
const WARM_UP = 100;
const RSS_TARGET_MB = 300;
const SETTLE_SECONDS = 15;
// CPU time per answer is the server's own, so a busy machine moves it less than it moves wall time; still, two runs
// of the same server differ by some per cent on this shared machine: "about 1" is held to within a quarter
const COST_RATIO_LIMIT = 1.25;

if (process.env.MEMDASH_URL) throw new Error('bench/clusters.ts starts the servers it compares: unset MEMDASH_URL');
const first = readState();
const second = secondState();
if (!first || !second) throw new Error('needs two local clusters: npm run cluster -- up --clusters 2 --scale 10000');
const scales = [first.seeded?.scale ?? 0, second.seeded?.scale ?? 0];
const size = scales[0] === scales[1] ? `${scales[0]!.toLocaleString('en-US')} pods` : `${scales.join(' and ')} pods`;
console.log(`${FIRST_NAME}: ${scales[0]} scale pods; ${SECOND_NAME}: ${scales[1]} scale pods (as up --scale seeded them)`);

interface Configured {
  name: string;
  names: string[];
  clustersFile: string;
}

/** The pair's clusters file with the first cluster alone: the same entry, so only the number of clusters differs. */
function oneClusterFile(dir: string): string {
  const both = parse(readFileSync(clustersFile(), 'utf8')) as { clusters: Array<{ name: string }> };
  const file = join(dir, 'one-cluster.yaml');
  writeFileSync(file, stringify({ default: FIRST_NAME, clusters: both.clusters.filter((c) => c.name === FIRST_NAME) }));
  return file;
}

/** Each cluster's kubeconfig as the pair's clusters file names it. */
function kubeconfigs(): Map<string, string> {
  const { clusters } = parse(readFileSync(clustersFile(), 'utf8')) as { clusters: Array<{ name: string; kubeconfig: string }> };
  return new Map(clusters.map((c) => [c.name, c.kubeconfig]));
}

/** One of shop's web pods in each cluster (the same scenario, its own names). */
function webPods(): Map<string, string> {
  const pods = new Map<string, string>();
  for (const [name, kubeconfig] of kubeconfigs()) {
    const [pod] = webPodsIn(kubeconfig);
    if (!pod) throw new Error(`no web pod in shop in ${name}: its scenario is not loaded`);
    pods.set(name, pod);
  }
  return pods;
}

const pods = webPods();
const inCluster = (cluster: string, path: string) => `/c/${cluster}${path}`;
const pages = (cluster: string) => ({
  explanation: inCluster(cluster, `/api/pods/shop/${pods.get(cluster)}/explanation`),
  'pod page': inCluster(cluster, `/pods/shop/${pods.get(cluster)}`),
  '/pods of one namespace': inCluster(cluster, '/pods?namespace=shop'),
  '/pods, first page': inCluster(cluster, '/pods'),
});
type Page = keyof ReturnType<typeof pages>;
const LOADED: Page[] = ['explanation', 'pod page', '/pods of one namespace'];

/**
 * Every cache of every configured cluster listed: the pages that start them (pods, workloads, the webhook, the
 * table, the search) in each, then each cluster's /api/caches until all have synced.
 */
async function warm(server: Memdash, names: string[]): Promise<number> {
  const started = performance.now();
  for (const cluster of names) {
    const probe = await fetch(`${server.url}${inCluster(cluster, '/api/caches')}`);
    if (probe.status !== 200)
      throw new Error(`${inCluster(cluster, '/api/caches')}: HTTP ${probe.status}; this build has no /c/{cluster}/ URLs`);
    await probe.arrayBuffer();
    const starters = [
      ...Object.values(pages(cluster)),
      ...['/workloads', '/webhook', '/table', '/api/pods?name=web'].map((p) => inCluster(cluster, p)),
    ];
    for (const path of starters) await (await fetch(`${server.url}${path}`)).arrayBuffer();
  }
  for (const cluster of names) {
    for (;;) {
      if (performance.now() - started > 600_000) throw new Error(`the caches of ${cluster} did not list within 600 s`);
      const view = (await (await fetch(`${server.url}${inCluster(cluster, '/api/caches')}`)).json()) as {
        caches: Array<{ synced: boolean }>;
      };
      if (view.caches.length > 0 && view.caches.every((c) => c.synced)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return (performance.now() - started) / 1000;
}

/** bench/load.ts's load, each client on a cluster of its own in turn: `clients` loops asking again when answered. */
async function load(server: Memdash, paths: string[], seconds: number, clients: number) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const url = `${server.url}${paths[client % paths.length]}`;
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const response = await fetch(url);
          await response.arrayBuffer();
          if (response.status !== 200) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { requests: latencies.length, errors, latencies, seconds: (performance.now() - started) / 1000 };
}

interface Running {
  configured: Configured;
  server: Memdash;
  idle: number;
  /** CPU ms per answer by cluster, then page (the fleet's under "fleet"). */
  cost: Map<string, Map<Page | 'fleet', number>>;
}

async function started(configured: Configured): Promise<Running> {
  const server = await startMemdash({ MEMDASH_CLUSTERS: configured.clustersFile });
  const synced = await warm(server, configured.names);
  console.log(
    `memdash with ${configured.name}: caches of ${configured.names.join(' and ')} synced ${synced.toFixed(1)} s after first use; ` +
      `RSS ${serverRssMb(server).toFixed(0)} MB`,
  );
  return { configured, server, idle: 0, cost: new Map(configured.names.map((c) => [c, new Map()])) };
}

let offset = 0;
async function costOf(running: Running, cluster: string, page: Page | 'fleet', path: string): Promise<void> {
  const ms = await cpuMsPerAnswer(
    running.server,
    { path: () => path, expected: 200 },
    { requests: REQUESTS, warmUp: WARM_UP, idle: running.idle, offset },
  );
  offset += REQUESTS + WARM_UP;
  running.cost.get(cluster)!.set(page, ms);
  console.log(`  ${running.configured.name}: ${cluster} ${page}: ${ms.toFixed(2)} ms of memdash's CPU per answer`);
}

/** bench/load.ts's three loads over every configured cluster's pages; the RSS as they end, at most, and settled. */
async function loaded(running: Running): Promise<{ rssAfter: number; rssPeak: number; rssSettled: number; errors: number }> {
  const { server, configured } = running;
  let rssPeak = serverRssMb(server);
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, serverRssMb(server))), 3000);
  let errors = 0;
  for (const page of LOADED) {
    const result = await load(
      server,
      configured.names.map((c) => pages(c)[page]),
      SECONDS,
      CLIENTS,
    );
    errors += result.errors;
    console.log(
      `${CLIENTS} clients × ${SECONDS} s on ${page} in ${configured.names.join(' and ')}: ${(result.requests / result.seconds).toFixed(1)} requests/s, ` +
        `p95 ${percentile(result.latencies, 95).toFixed(0)} ms, ${result.errors} errors; RSS ${serverRssMb(server).toFixed(0)} MB`,
    );
  }
  clearInterval(sampler);
  const rssAfter = serverRssMb(server);
  rssPeak = Math.max(rssPeak, rssAfter);
  // as bench/load.ts: V8 collects what the load left once the server has been idle a while
  await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
  const rssSettled = serverRssMb(server);
  console.log(
    `memdash with ${configured.name}: RSS ${rssAfter.toFixed(0)} MB as the load ends, ${rssSettled.toFixed(0)} MB ${SETTLE_SECONDS} s later, ` +
      `at most ${rssPeak.toFixed(0)} MB during it`,
  );
  return { rssAfter, rssPeak, rssSettled, errors };
}

/** The server started again, its caches listed, the machine let grow quiet, then loaded; stopped after. */
async function loadedAfresh(running: Running): Promise<Awaited<ReturnType<typeof loaded>>> {
  await new Promise((r) => setTimeout(r, 5000)); // the last server's memory given back first
  running.server = await startMemdash({ MEMDASH_CLUSTERS: running.configured.clustersFile });
  const synced = await warm(running.server, running.configured.names);
  console.log(`memdash with ${running.configured.name} again: caches synced ${synced.toFixed(1)} s after first use`);
  await untilQuiet();
  const result = await loaded(running);
  stopMemdash(running.server);
  return result;
}

const dir = mkdtempSync(join(tmpdir(), 'memdash-bench-clusters-'));
const servers: Running[] = [];
try {
  // Both servers at once for the CPU per answer, each page asked of one and then the other: on a machine shared with
  // others, the two figures of a ratio are then taken under the same conditions.
  const one = await started({ name: `${FIRST_NAME} alone`, names: [FIRST_NAME], clustersFile: oneClusterFile(dir) });
  servers.push(one);
  const two = await started({ name: `${FIRST_NAME} and ${SECOND_NAME}`, names: [FIRST_NAME, SECOND_NAME], clustersFile: clustersFile() });
  servers.push(two);
  const settled = await untilQuiet();
  console.log(`the machine ${settled.quiet ? 'quiet' : 'still busy'} ${settled.seconds.toFixed(1)} s later`);
  for (const running of servers) running.idle = await idleCpuRate(running.server);
  console.log(
    `memdash's CPU with nobody asking: ${servers.map((r) => `${(r.idle * 100).toFixed(1)} %`).join(' and ')} of a core, taken off below`,
  );
  for (const [page, path] of Object.entries(pages(FIRST_NAME)) as Array<[Page, string]>) {
    await costOf(one, FIRST_NAME, page, path);
    await costOf(two, FIRST_NAME, page, path);
    await costOf(two, SECOND_NAME, page, pages(SECOND_NAME)[page]);
  }
  // the fleet page's API, where this build has it (issue 57's item 6): one answer about every cluster
  const fleetAnswer = await fetch(`${two.server.url}/api/fleet`);
  await fleetAnswer.arrayBuffer();
  if (fleetAnswer.status === 200) await costOf(two, FIRST_NAME, 'fleet', '/api/fleet');
  else console.log(`/api/fleet: HTTP ${fleetAnswer.status}, not measured (this build has no fleet API)`);

  // then the load, one server at a time and each started afresh (as bench/load.ts's is: the thousands of answers
  // above are not in its heap), so that neither's RSS is measured beside the other's load
  stopMemdash(one.server);
  stopMemdash(two.server);
  const loadOfOne = await loadedAfresh(one);
  const loadOfTwo = await loadedAfresh(two);

  atMost(`server RSS after the load, two clusters of ${size} each (as it ends)`, loadOfTwo.rssAfter, 'MB', RSS_TARGET_MB);
  shown(`server RSS, highest during the load, two clusters of ${size} each`, loadOfTwo.rssPeak, 'MB');
  report({
    figure: `server RSS after the load, two clusters against one (of ${size})`,
    value: loadOfTwo.rssAfter,
    unit: 'MB',
    anchor: { name: 'one cluster, the same load', value: loadOfOne.rssAfter, unit: 'MB' },
    ratio: loadOfTwo.rssAfter / loadOfOne.rssAfter,
    target: 'none (for comparison)',
    pass: true,
  });
  shown(`server RSS ${SETTLE_SECONDS} s after the load, two clusters of ${size} each`, loadOfTwo.rssSettled, 'MB');
  shown(`server RSS ${SETTLE_SECONDS} s after the load, one cluster of ${size}`, loadOfOne.rssSettled, 'MB');
  shown(`what the second cluster adds to the RSS after the load`, loadOfTwo.rssAfter - loadOfOne.rssAfter, 'MB');
  atMost('errors under the load, both servers', loadOfOne.errors + loadOfTwo.errors, 'errors', 0);
  for (const page of Object.keys(pages(FIRST_NAME)) as Page[]) {
    const alone = one.cost.get(FIRST_NAME)!.get(page)!;
    const beside = two.cost.get(FIRST_NAME)!.get(page)!;
    report({
      figure: `memdash CPU per answer, ${page} of ${FIRST_NAME}, two clusters configured against one`,
      value: beside,
      unit: 'ms',
      anchor: { name: 'one cluster configured', value: alone, unit: 'ms' },
      ratio: beside / alone,
      target: `≤ ${COST_RATIO_LIMIT}×`,
      pass: beside / alone <= COST_RATIO_LIMIT,
    });
    const stage = two.cost.get(SECOND_NAME)!.get(page)!;
    report({
      figure: `memdash CPU per answer, ${page} of ${SECOND_NAME} against the same of ${FIRST_NAME}, two clusters configured`,
      value: stage,
      unit: 'ms',
      anchor: { name: FIRST_NAME, value: beside, unit: 'ms' },
      ratio: stage / beside,
      target: 'none (for comparison)',
      pass: true,
    });
  }
  const fleet = two.cost.get(FIRST_NAME)!.get('fleet');
  if (fleet !== undefined) shown('memdash CPU per answer, /api/fleet of two clusters', fleet, 'ms');
} finally {
  for (const running of servers) {
    try {
      stopMemdash(running.server);
    } catch {
      // stopped already, after its part
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
