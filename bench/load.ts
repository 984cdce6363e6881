// Many operators at once (run by `npm run bench`, or by hand; prints figures, not a timed test): 50 clients for 30 s
// on one pod's explanation, on its page, and on /pods of one namespace; the Ctrl-K search and /pods alone; the
// server's RSS before and after. `node bench/load.ts [seconds] [clients]`; needs the local cluster and a `next build`.
import { execFileSync } from 'node:child_process';
import { kubeconfigPath, bin } from '../e2e/cluster/lib/paths.ts';
import { readState } from '../e2e/cluster/lib/state.ts';
import { percentile, serverRssMb, startMemdash, stopMemdash, time } from './harness.ts';
import { atMost } from './figures.ts';

const SECONDS = Number(process.argv[2] ?? 30);
const CLIENTS = Number(process.argv[3] ?? 50);
if (!readState()) throw new Error('no local cluster: run npm run cluster:up');
const kubectl = (args: string[]) =>
  execFileSync(bin('kubectl'), [`--kubeconfig=${kubeconfigPath('viewer')}`, ...args], { encoding: 'utf8' });
const pod = kubectl(['get', 'pods', '-n', 'shop', '-l', 'app.kubernetes.io/name=web', '-o', 'jsonpath={.items[0].metadata.name}']);

const server = await startMemdash();
const rssAtStart = serverRssMb(server);

interface Load {
  requests: number;
  errors: number;
  latencies: number[];
  seconds: number;
}

/** `clients` loops, each asking again as soon as it has its answer, for `seconds`. */
async function load(url: string, seconds: number, clients: number): Promise<Load> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
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

async function cachesSynced(): Promise<boolean> {
  const view = (await (await fetch(`${server.url}/api/caches`)).json()) as { caches: Array<{ name: string; synced: boolean }> };
  return view.caches.length > 0 && view.caches.every((c) => c.synced);
}

try {
  const targets = {
    explanation: `${server.url}/api/pods/shop/${pod}/explanation`,
    'pod page': `${server.url}/pods/shop/${pod}`,
    '/pods of one namespace': `${server.url}/pods?namespace=shop`,
  };
  // first use starts the caches; until they have listed, pages read directly
  for (const url of [...Object.values(targets), `${server.url}/webhook`, `${server.url}/api/pods?name=web`]) await fetch(url);
  const syncStart = performance.now();
  while (!(await cachesSynced()) && performance.now() - syncStart < 300_000) await new Promise((r) => setTimeout(r, 500));
  console.log(
    `caches synced ${((performance.now() - syncStart) / 1000).toFixed(1)} s after first use; RSS ${serverRssMb(server).toFixed(0)} MB (at start ${rssAtStart.toFixed(0)} MB)`,
  );

  const search: number[] = [];
  for (let i = 0; i < 50; i++)
    search.push(await time(async () => void (await (await fetch(`${server.url}/api/pods?name=web-${i % 10}`)).json())));
  const list: number[] = [];
  for (let i = 0; i < 20; i++) list.push(await time(async () => void (await (await fetch(`${server.url}/pods`)).text())));
  console.log(`Ctrl-K search: median ${percentile(search, 50).toFixed(1)} ms, p95 ${percentile(search, 95).toFixed(1)} ms`);
  console.log(`/pods first page: median ${percentile(list, 50).toFixed(1)} ms, p95 ${percentile(list, 95).toFixed(1)} ms`);
  atMost('Ctrl-K search (/api/pods?name=…), p95', percentile(search, 95), 'ms', 50);
  atMost('/pods first page, p95', percentile(list, 95), 'ms', 300);

  for (const [name, url] of Object.entries(targets)) {
    const result = await load(url, SECONDS, CLIENTS);
    const p = (q: number) => percentile(result.latencies, q);
    console.log(
      `${CLIENTS} clients × ${SECONDS} s on ${name}: ${(result.requests / result.seconds).toFixed(1)} requests/s, ` +
        `p50 ${p(50).toFixed(0)} ms, p95 ${p(95).toFixed(0)} ms, p97.5 ${p(97.5).toFixed(0)} ms, p99 ${p(99).toFixed(0)} ms, ${result.errors} errors; RSS ${serverRssMb(server).toFixed(0)} MB`,
    );
    atMost(`${CLIENTS} clients on ${name}, p95`, p(95), 'ms', 200);
    atMost(`${CLIENTS} clients on ${name}, errors`, result.errors, 'errors', 0);
  }
  const rssAfter = serverRssMb(server);
  console.log(`server RSS: ${rssAtStart.toFixed(0)} MB at start, ${rssAfter.toFixed(0)} MB after the load`);
  atMost('server RSS after the load', rssAfter, 'MB', 300);
} finally {
  stopMemdash(server);
}
