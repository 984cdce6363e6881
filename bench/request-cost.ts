// `node bench/request-cost.ts [--requests 300]`: what one read costs, asked one at a time of one warm memdash on the
// local cluster: the CPU memdash's processes, the API server and Prometheus spend per request, the wall time and the
// size. Each request is a browser of its own asking afresh (its own User-Agent, no-cache), as bench/load.ts's
// "different browsers" are, so no answer is shared. With 50 such requests always in flight, their latency is about
// 50 × the time the busiest process spends per request (Little's law): these figures say how far below 200 ms a
// page can go on this machine, and which part of it is Next.js's frame (a path no page serves). Needs a build and
// the cluster; not in the test suite or `npm run bench`.
import { parseArgs } from 'node:util';
import { readState } from '../e2e/cluster/lib/state.ts';
import { cpuSeconds, untilQuiet } from './cpu-time.ts';
import { FRESH, percentile, serverPids, startMemdash, stopMemdash, waitForCaches, type Memdash } from './harness.ts';
import { podsToRead, type PodRef } from './soak/readers.ts';

const { values: args } = parseArgs({ options: { requests: { type: 'string', default: '300' } } });
const REQUESTS = Number(args.requests);
const WARM_UP = 100;
const IDLE_SECONDS = 10;

interface Kind {
  name: string;
  /** The path of the i-th request. */
  path: (i: number) => string;
  expected: number;
}

function kinds(pods: PodRef[]): Kind[] {
  // the demo's namespace when there is one, as bench/load.ts reads
  const one = pods.find((p) => p.namespace === 'shop') ?? pods[0]!;
  const other = (i: number) => pods[i % pods.length]!;
  const page = (p: PodRef) => `/pods/${p.namespace}/${p.name}`;
  const explanation = (p: PodRef) => `/api/pods/${p.namespace}/${p.name}/explanation`;
  return [
    { name: 'the frame alone (a path no page serves)', path: () => '/memdash-bench-no-such-page', expected: 404 },
    { name: '/readyz (a route that asks the API server once)', path: () => '/readyz', expected: 200 },
    { name: 'explanation, the same pod', path: () => explanation(one), expected: 200 },
    { name: 'explanation, a different pod each time', path: (i) => explanation(other(i)), expected: 200 },
    { name: 'pod page, the same pod', path: () => page(one), expected: 200 },
    { name: 'pod page, a different pod each time', path: (i) => page(other(i)), expected: 200 },
    { name: `/pods?namespace=${one.namespace}`, path: () => `/pods?namespace=${encodeURIComponent(one.namespace)}`, expected: 200 },
  ];
}

interface Processes {
  memdash: number;
  apiServer: number;
  prometheus: number;
}

interface Cost {
  /** CPU ms per request, each process's own. */
  cpuMs: Processes;
  wallP50Ms: number;
  bytes: number;
}

/** The CPU seconds each has used so far. */
function cpuNow(server: Memdash): Processes {
  const { apiServer, prometheus } = clusterPids();
  return { memdash: cpuSeconds(serverPids(server)), apiServer: cpuSeconds(apiServer), prometheus: cpuSeconds(prometheus) };
}

/**
 * What each spends a second with nobody asking (watches, scrapes, KWOK's node heartbeats): taken off what a kind of
 * request used meanwhile, so a busy API server's own work is not counted as the requests'.
 */
async function idleRates(server: Memdash): Promise<Processes> {
  const before = cpuNow(server);
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  return spent(before, cpuNow(server), (seconds) => seconds / IDLE_SECONDS);
}

/** Each process's CPU seconds between two readings, as `per` gives them. */
function spent(before: Processes, after: Processes, per: (seconds: number, name: keyof Processes) => number): Processes {
  const each = (name: keyof Processes) => per(after[name] - before[name], name);
  return { memdash: each('memdash'), apiServer: each('apiServer'), prometheus: each('prometheus') };
}

async function costOf(server: Memdash, kind: Kind, offset: number, idle: Processes): Promise<Cost> {
  const ask = async (i: number) => {
    const response = await fetch(`${server.url}${kind.path(offset + i)}`, {
      headers: { 'user-agent': `memdash-bench browser ${offset + i}`, ...FRESH },
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== kind.expected) throw new Error(`${kind.name}: HTTP ${response.status}, expected ${kind.expected}`);
    return bytes;
  };
  for (let i = 0; i < WARM_UP; i++) await ask(i);
  const before = cpuNow(server);
  const started = performance.now();
  const walls: number[] = [];
  let bytes = 0;
  for (let i = WARM_UP; i < WARM_UP + REQUESTS; i++) {
    const asked = performance.now();
    bytes = await ask(i);
    walls.push(performance.now() - asked);
  }
  const after = cpuNow(server);
  const elapsed = (performance.now() - started) / 1000;
  const perRequest = (seconds: number, name: keyof Processes) => (Math.max(0, seconds - idle[name] * elapsed) * 1000) / REQUESTS;
  return { cpuMs: spent(before, after, perRequest), wallP50Ms: percentile(walls, 50), bytes };
}

function clusterPids(): { apiServer: number[]; prometheus: number[] } {
  const processes = readState()?.processes ?? {};
  const pid = (name: string) => (processes[name]?.pid ? [processes[name].pid] : []);
  const apiServer = pid('kube-apiserver');
  if (apiServer.length === 0) throw new Error('the local cluster is not up: no kube-apiserver in its state (npm run cluster:up)');
  return { apiServer, prometheus: pid('prometheus') };
}

if (process.env.MEMDASH_URL) throw new Error('bench/request-cost.ts reads the CPU of a memdash it starts itself: unset MEMDASH_URL');
const pods = await podsToRead();
const server = await startMemdash();
try {
  await waitForCaches(server);
  const settled = await untilQuiet();
  const idle = await idleRates(server);
  const percent = (v: number) => `${(v * 100).toFixed(1)} %`;
  console.log(
    `quiet after ${settled.seconds.toFixed(0)} s${settled.quiet ? '' : ' (never quiet: the figures are of a busy machine)'}; ` +
      `a core's share used with nobody asking: memdash ${percent(idle.memdash)}, API server ${percent(idle.apiServer)}, Prometheus ${percent(idle.prometheus)}, taken off below`,
  );
  console.log(`${REQUESTS} requests of each kind, one at a time, after ${WARM_UP} to warm up; CPU ms per request:`);
  console.log(['request', 'memdash', 'API server', 'Prometheus', 'wall p50', 'size'].join(' | '));
  let offset = 0;
  for (const kind of kinds(pods)) {
    const c = await costOf(server, kind, offset, idle);
    offset += WARM_UP + REQUESTS;
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(
      [
        kind.name,
        ms(c.cpuMs.memdash),
        ms(c.cpuMs.apiServer),
        ms(c.cpuMs.prometheus),
        ms(c.wallP50Ms),
        `${(c.bytes / 1024).toFixed(0)} KB`,
      ].join(' | '),
    );
  }
} finally {
  stopMemdash(server);
}
