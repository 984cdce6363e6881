// `node bench/churn-reads.ts [--seconds 60] [--clients 20] [--churn 20] [--profile DIR] [--node-options=OPTS]`: the
// soak's readers on one replica, first with the cluster standing still, then with pods created and deleted at
// `--churn` a second, each phase on a fresh `next start`; prints each page's p95, the event loop's delay, the RSS and
// the CPU each process used. With `--profile`, each replica writes a V8 CPU profile there (node --cpu-prof) for
// bench/cpu-profile.ts to read; `--node-options` weighs one memory setting against the deployed one. Not in the test
// suite: a tool to find what churn costs a replica.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startCpuTally, type CpuUse } from './cpu-time.ts';
import { removeChurn, startChurn, type Churn } from './soak/churn.ts';
import { podsToRead, startReaders, type PodRef, type ReadKind } from './soak/readers.ts';
import { readMetrics, startReplica, stopReplica } from './soak/replicas.ts';
import { percentile } from './soak/report.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    clients: { type: 'string', default: '20' },
    pace: { type: 'string', default: '0' }, // seconds between one client's reads, as npm run soak's --pace
    churn: { type: 'string', default: '20' },
    profile: { type: 'string' },
    only: { type: 'string' },
    // added after the deployed settings (V8 takes a flag's last value): to weigh one memory setting against another
    'node-options': { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);
const PACE_SECONDS = Number(args.pace);
const CHURN = Number(args.churn);
const logDir = mkdtempSync(join(tmpdir(), 'memdash-churn-reads-'));
const say = (text: string) => console.log(`[churn-reads ${new Date().toISOString().slice(11, 19)}] ${text}`);

async function phase(name: string, withChurn: boolean, pods: PodRef[]): Promise<void> {
  const env: Record<string, string> = { MEMDASH_HISTORY_PATH: join(logDir, `${name}.sqlite`) };
  const nodeOptions = [args['node-options']];
  if (args.profile) {
    const dir = resolve(args.profile, name);
    mkdirSync(dir, { recursive: true });
    nodeOptions.push(`--cpu-prof --cpu-prof-dir=${dir}`);
  }
  env.NODE_OPTIONS = nodeOptions.filter(Boolean).join(' ');
  const replica = await startReplica(name, env, logDir);
  try {
    const pod = pods[0]!;
    for (const path of [`/pods/${pod.namespace}/${pod.name}`, `/api/pods/${pod.namespace}/${pod.name}/explanation`, '/pods'])
      await (await fetch(`${replica.url}${path}`)).arrayBuffer();
    await untilCachesSynced(replica.url);
    await readMetrics(replica); // resets the loop delay histogram
    let churn: Churn | null = null;
    if (withChurn) churn = await startChurn(CHURN);
    const cpuTally = startCpuTally();
    const loop: number[] = [];
    const rss: number[] = [];
    const sampler = setInterval(
      () =>
        void readMetrics(replica).then(
          (m) => (loop.push(m.loopDelayP99Ms), rss.push(m.rssMb)),
          () => undefined,
        ),
      5_000,
    );
    const readers = startReaders(CLIENTS, pods, () => [replica.url], PACE_SECONDS * 1000);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    await readers.stop();
    clearInterval(sampler);
    const cpuUse = cpuTally.stop();
    await churn?.stop();
    report(name, readers.reads, { loop, rss }, cpuUse, churn);
  } finally {
    await stopReplica(replica);
    if (withChurn) await removeChurn().catch(() => undefined);
  }
}

async function untilCachesSynced(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { caches } = (await (await fetch(`${url}/api/caches`)).json()) as { caches: Array<{ synced: boolean }> };
    if (caches.length > 0 && caches.every((c) => c.synced)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the caches did not sync within 300 s');
}

function report(
  name: string,
  reads: Array<{ kind: ReadKind; ms: number; status: number }>,
  { loop, rss }: { loop: number[]; rss: number[] },
  cpu: CpuUse,
  churn: Churn | null,
) {
  say(`${name}: ${reads.length} reads in ${SECONDS} s${churn ? `, churn created ${churn.created} deleted ${churn.deleted}` : ''}`);
  for (const kind of ['pod page', 'explanation', '/pods?namespace='] as ReadKind[]) {
    const ms = reads.filter((r) => r.kind === kind && r.status === 200).map((r) => r.ms);
    const errors = reads.filter((r) => r.kind === kind && r.status !== 200).length;
    say(`  ${kind}: ${ms.length} ok, ${errors} errors, p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms`);
  }
  say(`  event loop p99 per 5 s: ${loop.map((v) => v.toFixed(0)).join(' ')} ms`);
  say(`  RSS per 5 s: ${rss.map((v) => v.toFixed(0)).join(' ')} MB (largest ${Math.max(...rss).toFixed(0)})`);
  const used = [...cpu.byName.entries()].filter(([, s]) => s >= 1).sort((a, b) => b[1] - a[1]);
  say(`  cores ${(cpu.busyShare * 100).toFixed(0)} % busy; CPU seconds used: ${used.map(([n, s]) => `${n} ${s.toFixed(1)}`).join(', ')}`);
}

const pods = await podsToRead();
say(`${pods.length} pods to read, ${CLIENTS} clients, ${SECONDS} s a phase; logs in ${logDir}`);
if (args.only !== 'churn') await phase('still', false, pods);
if (args.only !== 'still') await phase('churn', true, pods);
