// Many operators at once (run by `npm run bench`, or by hand; prints figures, not a timed test): 50 clients for 30 s
// on one pod's explanation, on its page, and on /pods of one namespace; the Ctrl-K search and /pods alone; the
// server's RSS before, during and after. `node bench/load.ts [seconds] [clients]`; needs the local cluster and a
// `next build`.
import { execFileSync } from 'node:child_process';
import { kubeconfigPath, bin } from '../e2e/cluster/lib/paths.ts';
import { readState } from '../e2e/cluster/lib/state.ts';
import { FRESH, percentile, serverRssMb, startMemdash, stopMemdash, time, waitForCaches } from './harness.ts';
import { atMost, shown } from './figures.ts';
import { untilQuiet } from './cpu-time.ts';

const SECONDS = Number(process.argv[2] ?? 30);
const CLIENTS = Number(process.argv[3] ?? 50);
if (!readState()) throw new Error('no local cluster: run npm run cluster:up');
const kubectl = (args: string[]) =>
  execFileSync(bin('kubectl'), [`--kubeconfig=${kubeconfigPath('viewer')}`, ...args], { encoding: 'utf8' });
const pod = kubectl(['get', 'pods', '-n', 'shop', '-l', 'app.kubernetes.io/name=web', '-o', 'jsonpath={.items[0].metadata.name}']);

const SETTLE_SECONDS = 15;
// the server's RSS as the load ends: 300 MB up to 20,000 pods, 400 MB beyond (the pod cache alone grows by 75 MB)
const RSS_TARGET_MB = (readState()?.seeded?.scale ?? 0) > 20_000 ? 400 : 300;
const server = await startMemdash();
const rssAtStart = serverRssMb(server);
let rssPeak = rssAtStart;
const sampleRss = () => (rssPeak = Math.max(rssPeak, serverRssMb(server)));

interface Load {
  requests: number;
  errors: number;
  latencies: number[];
  seconds: number;
}

/**
 * `clients` loops, each asking again as soon as it has its answer, for `seconds`. As `distinct` browsers (each its
 * own User-Agent, each asking for a fresh answer), no request shares another's answer (lib/server/collapse.ts).
 */
async function load(url: string, seconds: number, clients: number, distinct = false, expected = 200): Promise<Load> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const headers: Record<string, string> = distinct ? { 'user-agent': `memdash-bench browser ${client}`, ...FRESH } : {};
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const response = await fetch(url, { headers });
          await response.arrayBuffer();
          if (response.status !== expected) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { requests: latencies.length, errors, latencies, seconds: (performance.now() - started) / 1000 };
}

/** The answers the server copied (made while the request waited) and reused (kept a second), from its /metrics. */
async function sharedSoFar(): Promise<{ copied: number; reused: number }> {
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  const counter = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? NaN);
  return { copied: counter('memdash_http_requests_collapsed_total'), reused: counter('memdash_http_requests_reused_total') };
}

try {
  const targets = {
    explanation: `/api/pods/shop/${pod}/explanation`,
    'pod page': `/pods/shop/${pod}`,
    '/pods of one namespace': '/pods?namespace=shop',
  };
  const synced = await waitForCaches(server, [...Object.values(targets), '/webhook', '/api/pods?name=web']);
  console.log(
    `caches synced ${synced.toFixed(1)} s after first use; RSS ${serverRssMb(server).toFixed(0)} MB (at start ${rssAtStart.toFixed(0)} MB)`,
  );

  const settled = await untilQuiet();
  console.log(`the machine ${settled.quiet ? 'quiet' : 'still busy'} ${settled.seconds.toFixed(1)} s later`);

  // as explain.ts does: the search's first requests compile and optimise its code, and a server in service is measured
  const searchFor = (i: number) => `${server.url}/api/pods?name=web-${i % 10}`;
  for (let i = 0; i < 50; i++) await (await fetch(searchFor(i), { headers: FRESH })).arrayBuffer();
  const search: number[] = [];
  for (let i = 0; i < 50; i++) search.push(await time(async () => void (await (await fetch(searchFor(i), { headers: FRESH })).json())));
  const list: number[] = [];
  for (let i = 0; i < 20; i++)
    list.push(await time(async () => void (await (await fetch(`${server.url}/pods`, { headers: FRESH })).text())));
  console.log(`Ctrl-K search: median ${percentile(search, 50).toFixed(1)} ms, p95 ${percentile(search, 95).toFixed(1)} ms`);
  console.log(`/pods first page: median ${percentile(list, 50).toFixed(1)} ms, p95 ${percentile(list, 95).toFixed(1)} ms`);
  atMost('Ctrl-K search (/api/pods?name=…), p95', percentile(search, 95), 'ms', 50);
  atMost('/pods first page, p95', percentile(list, 95), 'ms', 300);

  const sampler = setInterval(sampleRss, 3000); // each sample runs pgrep: not so often it slows the clients
  for (const [name, path] of Object.entries(targets)) {
    const before = await sharedSoFar();
    const result = await load(`${server.url}${path}`, SECONDS, CLIENTS);
    const after = await sharedSoFar();
    const p = (q: number) => percentile(result.latencies, q);
    const perSecond = (n: number) => (n / result.seconds).toFixed(0);
    const copied = after.copied - before.copied;
    const reused = after.reused - before.reused;
    console.log(
      `${CLIENTS} clients × ${SECONDS} s on ${name}: ${(result.requests / result.seconds).toFixed(1)} requests/s, ` +
        `p50 ${p(50).toFixed(0)} ms, p95 ${p(95).toFixed(0)} ms, p97.5 ${p(97.5).toFixed(0)} ms, p99 ${p(99).toFixed(0)} ms, ${result.errors} errors; RSS ${serverRssMb(server).toFixed(0)} MB`,
    );
    console.log(
      `  answers made ${perSecond(result.requests - copied - reused)}/s, copied while waiting ${perSecond(copied)}/s, ` +
        `reused within the second ${perSecond(reused)}/s`,
    );
    atMost(`${CLIENTS} clients on ${name}, p95`, p(95), 'ms', 200);
    atMost(`${CLIENTS} clients on ${name}, errors`, result.errors, 'errors', 0);
  }
  clearInterval(sampler);
  sampleRss();
  const rssAfter = serverRssMb(server);
  // V8 collects what the load left only once the server has been idle for a while (its memory reducer starts 8 s
  // after the last collection): shown beside the target's figure, which is taken as the load ends.
  await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
  const rssSettled = serverRssMb(server);
  console.log(
    `server RSS: ${rssAtStart.toFixed(0)} MB at start, ${rssAfter.toFixed(0)} MB as the load ends, ` +
      `${rssSettled.toFixed(0)} MB ${SETTLE_SECONDS} s later; at most ${rssPeak.toFixed(0)} MB during the load`,
  );
  atMost('server RSS after the load (as it ends)', rssAfter, 'MB', RSS_TARGET_MB);
  shown(`server RSS ${SETTLE_SECONDS} s after the load`, rssSettled, 'MB');
  shown('server RSS, highest during the load', rssPeak, 'MB');
  // For comparison: the same load from as many different browsers, where each request is answered on its own; and,
  // as the floor under any page, a page that is only the frame every page has (the 404 of a path no route serves).
  const distinct = { ...targets, 'frame alone (a path no page serves)': '/memdash-bench-no-such-page' };
  for (const name of ['explanation', 'pod page', 'frame alone (a path no page serves)'] as const) {
    const frame = name.startsWith('frame');
    const result = await load(`${server.url}${distinct[name]}`, SECONDS, CLIENTS, true, frame ? 404 : 200);
    const p95 = percentile(result.latencies, 95);
    const perSecond = result.requests / result.seconds;
    console.log(
      `${CLIENTS} different browsers × ${SECONDS} s on ${name}: ${perSecond.toFixed(1)} requests/s, p95 ${p95.toFixed(0)} ms, ` +
        `${result.errors} ${frame ? 'answers other than 404' : 'errors'}`,
    );
    // the target for the pages; the frame alone is shown, as what no page can go below
    if (frame) shown(`${CLIENTS} different browsers on ${name} (nothing shared), p95`, p95, 'ms');
    else atMost(`${CLIENTS} different browsers on ${name} (nothing shared), p95`, p95, 'ms', 200);
    shown(`${CLIENTS} different browsers on ${name} (nothing shared), answers per second`, perSecond, 'requests/s');
  }
  console.log(`server RSS after the comparison too: ${serverRssMb(server).toFixed(0)} MB`);
} finally {
  stopMemdash(server);
}
