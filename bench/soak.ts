// `npm run soak -- [--minutes 20] [--clients 50] [--pace 2] [--churn 20]`: memdash over a stretch of change and
// faults, as a production cluster lives it; not in the test suite, prints figures and writes them to
// data/bench/soak-*.json. On the local cluster started with `npm run cluster:up -- --scale 20000` (any scale runs; the
// report says which) and a `next build`: two replicas on one PostgreSQL database with the recorder's Lease,
// `--clients` people reading throughout (each a read every `--pace` seconds; 0: again as soon as answered, see
// bench/soak/readers.ts), pods created and deleted at `--churn` a second, the table rewritten every two minutes, and
// the faults of FAULTS below at their share of the run. After each fault, and at the end, every cache of every
// replica is compared with a fresh list, and the CPU each process of the machine used is printed. docs/benchmarks.md
// says what each figure is held to.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../e2e/cluster/lib/paths.ts';
import { waitFor } from '../e2e/cluster/lib/processes.ts';
import { readState } from '../e2e/cluster/lib/state.ts';
import { newTestStore } from '../test/stores.ts';
import { startCpuTally, type CpuUse } from './cpu-time.ts';
import { cpuLine, LATEST_SOAK, writeBenchPage } from './page.ts';
import { differing, untilSynced, type CacheComparison } from './soak/caches.ts';
import { removeChurn, startChurn } from './soak/churn.ts';
import { compactEtcd, restartApiServer, restartPostgres, restartPrometheusFault, type Outage } from './soak/faults.ts';
import { isAlive, readMetrics, startReplica, stopReplica, unhandledErrors, type Replica } from './soak/replicas.ts';
import { podsToRead, startReaders, type PodRef } from './soak/readers.ts';
import {
  checkVersions,
  expectedContents,
  readsPerMinute,
  rssDrift,
  soakFigures,
  tallyErrors,
  type MinuteSample,
  type SoakResult,
} from './soak/report.ts';
import { countAudit, readVersions } from './soak/store.ts';
import { canonical, readTable, writeTable, type TableWrite } from './soak/table-writes.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '20' },
    clients: { type: 'string', default: '50' },
    // a page every 2 s for 20 minutes is faster than anyone reads during an incident; 0 measures throughput instead
    pace: { type: 'string', default: '2' },
    churn: { type: 'string', default: '20' },
  },
});
const MINUTES = Number(args.minutes);
const CLIENTS = Number(args.clients);
const PACE_SECONDS = Number(args.pace);
const CHURN = Number(args.churn);
if (!(MINUTES >= 5 && CLIENTS >= 1 && CHURN > 0 && PACE_SECONDS >= 0))
  throw new Error('--minutes must be at least 5, --clients at least 1, --pace at least 0, --churn above 0');
const state = readState();
if (!state?.processes.postgres) throw new Error('no local cluster with PostgreSQL: run npm run cluster:up -- --scale 20000');
const cluster = state;
if (!existsSync(join(repoRoot, '.next', 'BUILD_ID'))) throw new Error('no build: run npx next build first');

const LEASE = 'development/memdash-soak-recorder';
const SYNC_TIMEOUT_MS = 120_000;
const WRITE_EVERY_MS = 120_000;
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const say = (text: string) => console.log(`[soak ${elapsed()}] ${text}`);

// the store: a database of its own on the cluster's PostgreSQL, as a test's (test/stores.ts), dropped at the end
const store = await newTestStore('postgres');
const storeUrl = store.location;
const logDir = mkdtempSync(join(tmpdir(), 'memdash-soak-'));
// the rest as the security tests' servers have it: the viewer's kubeconfig, the cluster's Prometheus, no read limits
// each cache checked against a fresh list every 30 s: a change its watch never delivered is repaired well within the
// 120 s the soak waits for caches to agree after a fault, and counted (`repairs`)
const env = { DATABASE_URL: storeUrl, MEMDASH_RECORDER_LEASE: LEASE, MEMDASH_CACHE_CHECK_SECONDS: '30' };
let replicaCount = 0;
const newReplica = () => startReplica(`replica-${++replicaCount}`, env, logDir);
const replicas: Replica[] = [];
const alive = () => replicas.filter((r) => isAlive(r) && !r.killed);

// Ctrl-C: the replicas, the churned pods and the database go too (the replicas are this process's children)
process.once('SIGINT', () => void stopEverything().finally(() => process.exit(130)));
let result: SoakResult;
try {
  result = await soak();
} finally {
  await stopEverything();
}
printReport(result);
const dir = join(repoRoot, 'data', 'bench');
mkdirSync(dir, { recursive: true });
const file = join(dir, `soak-${new Date(started).toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(result, null, 2));
writeFileSync(LATEST_SOAK, JSON.stringify(result, null, 2));
await writeBenchPage();
console.log(`written to ${file} (and data/bench/soak-latest.json); docs/benchmarks.md's section shows it`);
process.exit(soakFigures(result).every((f) => f.pass) ? 0 : 1);

/** The faults, each at its share of the run. The second restart follows a compaction: resumed watches get 410 Gone. */
function FAULTS() {
  return [
    { share: 0.15, name: 'API server restarted (1 of 2)', cause: () => restartApiServer('API server restarted (1 of 2)') },
    { share: 0.3, name: 'Prometheus restarted', cause: restartPrometheusFault },
    { share: 0.45, name: 'PostgreSQL restarted', cause: restartPostgres },
    { share: 0.6, name: 'the Lease holder killed', cause: killLeaseHolder },
    {
      share: 0.75,
      name: 'etcd compacted, then the API server restarted (2 of 2)',
      cause: async () => {
        const from = Date.now();
        const revision = await compactEtcd();
        say(`  etcd compacted at revision ${revision}`);
        const restart = await restartApiServer('etcd compacted, then the API server restarted (2 of 2)');
        return { ...restart, from };
      },
    },
  ];
}

/** SIGKILL to the replica that holds the Lease (no clean shutdown), and a new replica in its place, as a Deployment does. */
async function killLeaseHolder(): Promise<Outage> {
  const from = Date.now();
  const leaders = [];
  for (const replica of alive()) if ((await readMetrics(replica).catch(() => null))?.leader) leaders.push(replica);
  if (leaders.length !== 1) {
    say(`  expected one replica to hold the Lease, found ${leaders.length}: none killed`);
    return { fault: 'the Lease holder killed', from, to: Date.now() };
  }
  leaders[0]!.killed = true;
  await stopReplica(leaders[0]!, 'SIGKILL');
  replicas.push(await newReplica());
  const anyLeads = async () =>
    (
      await Promise.all(
        alive().map((r) =>
          readMetrics(r).then(
            (m) => m.leader,
            () => false,
          ),
        ),
      )
    ).some(Boolean);
  await waitFor(anyLeads, 60_000, 500);
  say(`  ${leaders[0]!.name} killed; the Lease held again ${((Date.now() - from) / 1000).toFixed(1)} s later`);
  return { fault: 'the Lease holder killed', from, to: Date.now() };
}

/** Waits (up to 60 s) until the store's newest version is `content`; gives how many versions it holds then. */
async function untilRecorded(content: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const versions = await readVersions(storeUrl);
    if (versions.length > 0 && canonical(versions.at(-1)!.data) === content) return versions.length;
    if (Date.now() > deadline) throw new Error('no replica recorded the table within 60 s: does one hold the Lease?');
    await sleep(500);
  }
}

/** The relists between two comparisons, of the caches of the replicas in both (a killed one's are not counted). */
function relistsBetween(before: CacheComparison[], after: CacheComparison[]): number {
  const key = (c: CacheComparison) => `${c.replica}\u0000${c.cache}`;
  const earlier = new Map(before.map((c) => [key(c), c.relists]));
  return after.reduce((n, c) => n + (earlier.has(key(c)) ? c.relists - earlier.get(key(c))! : 0), 0);
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** The pages that start every cache (each starts on its first use), asked of each replica. */
async function warmUp(pod: PodRef): Promise<void> {
  const paths = [
    `/pods/${pod.namespace}/${pod.name}`,
    `/api/pods/${pod.namespace}/${pod.name}/explanation`,
    '/pods',
    '/webhook',
    '/incidents',
  ];
  for (const replica of alive()) for (const path of paths) await (await fetch(`${replica.url}${path}`)).arrayBuffer();
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

function printReport(r: SoakResult) {
  console.log(
    `\n=== soak: ${r.minutes} min at ${r.scale} scaled pods, ${r.clients} clients (a read every ${r.paceSeconds} s each), ${r.churnPerSecond} pods/s created and deleted`,
  );
  console.log(`pods created ${r.pods.created}, deleted ${r.pods.deleted}, calls failed ${r.pods.failedCalls}`);
  for (const f of r.faults)
    console.log(
      `${f.fault}: away ${f.awaySeconds.toFixed(1)} s, caches the same as fresh lists after ${f.secondsToSync?.toFixed(1) ?? 'NEVER'} s, ` +
        `${f.differing.length} differing (target 0), relists ${f.relists}`,
    );
  console.log(
    `at the end: ${r.atTheEnd.differing.length} caches differing (target 0); ${r.atTheEnd.repairs ?? 0} repairs by the caches' own checks`,
  );
  const v = r.versions;
  console.log(
    `table: ${v.written} contents written, ${v.recorded} versions recorded (target equal), same order ${v.sameOrder}, ` +
      `same order in force ${v.sameOrderInForce}${v.firstDifference === null ? '' : `, first difference at ${v.firstDifference}`}`,
  );
  console.log(
    `audit: ${r.audit.snapshotRunsMade} snapshot runs made, ${r.audit.recordedSuccess} recorded (target equal), ${r.audit.recordedOther} other`,
  );
  for (const m of r.readsPerMinute)
    console.log(
      `minute ${m.minute}: ${m.reads} reads, pod page p95 ${m.podPageP95Ms.toFixed(0)} ms, explanation p95 ${m.explanationP95Ms.toFixed(0)} ms, ` +
        `${m.errors} errors${m.outage ? ` (${m.outage})` : ''}${m.busyShare === undefined ? '' : `; cores ${(m.busyShare * 100).toFixed(0)} % busy`}`,
    );
  const e = r.errors;
  console.log(
    `errors: ${e.outsideFaults} outside faults (target 0); while the API server was down ${e.clear503DuringApiOutage} answered 503, ` +
      `${e.otherDuringApiOutage} otherwise (target 0); ${e.duringOtherFaults} during other faults; by status ${JSON.stringify(e.statuses)}`,
  );
  for (const [said, count] of Object.entries(e.said).slice(0, 10)) console.log(`  ${count} × ${said}`);
  console.log(`RSS drift from minute 5 to the end (target ≤ 10 %): ${JSON.stringify(r.rssDriftPercent)}`);
  console.log(`event loop delay p99, worst minute (target ≤ 100 ms): ${r.loopDelayP99MsMax.toFixed(1)} ms`);
  console.log(`unhandled errors in the servers' output (target 0): ${r.unhandled.length}`);
  if (r.cpu) console.log(cpuLine(r.cpu));
  for (const line of r.unhandled.slice(0, 10)) console.log(`  ${line}`);
  const figures = soakFigures(r);
  console.log('');
  for (const f of figures) console.log(`${f.pass ? 'pass' : 'FAIL'}  ${f.figure}: ${f.value} (target ${f.target})`);
  console.log(`${figures.filter((f) => f.pass).length} of ${figures.length} figures within their targets`);
}

/** The run itself, from the replicas' start to its figures; whatever happens, stopEverything follows. */
async function soak(): Promise<SoakResult> {
  // one after the other, each kept as it starts: a failure to start the second still stops the first
  for (let i = 0; i < 2; i++) replicas.push(await newReplica());
  say(`two replicas up (logs in ${logDir}), store ${new URL(storeUrl).pathname.slice(1)}, Lease ${LEASE}`);
  const pods = await podsToRead();
  await warmUp(pods[0]!);
  const first = await untilSynced(alive(), 300_000);
  say(`caches listed and the same as fresh lists ${first.seconds?.toFixed(1) ?? 'never (within 300 s)'} s after start`);

  const outages: Outage[] = [];
  const faultResults: SoakResult['faults'] = [];
  const writes: TableWrite[] = [];
  const samples: MinuteSample[] = [];
  // the baseline once a replica leads and has recorded the table as it is: a first version recorded later would
  // count as a write's
  const tableBefore = canonical(await readTable());
  const versionsBefore = await untilRecorded(tableBefore);
  const auditBefore = await countAudit(storeUrl, 'snapshot.run');

  const cpuTally = startCpuTally();
  const churn = await startChurn(CHURN);
  const readers = startReaders(CLIENTS, pods, () => alive().map((r) => r.url), PACE_SECONDS * 1000);
  let faultGoingOn = false;

  const sampler = setInterval(() => {
    const minute = Math.floor((Date.now() - started) / 60_000);
    for (const replica of alive())
      readMetrics(replica)
        .then((m) => samples.push({ minute, replica: replica.name, rssMb: m.rssMb, loopDelayP99Ms: m.loopDelayP99Ms }))
        .catch(() => undefined);
  }, 60_000);

  const writer = (async () => {
    for (let n = 0; Date.now() - started < MINUTES * 60_000 - WRITE_EVERY_MS / 2; n++) {
      while (faultGoingOn) await sleep(1000);
      const write = await writeTable(n, alive()[0]!.url);
      writes.push(write);
      say(`table write ${n + 1} by ${write.by}${write.error ? `: failed (${write.error})` : ''}`);
      await sleep(WRITE_EVERY_MS);
    }
  })();

  for (const fault of FAULTS()) {
    await sleep(Math.max(0, started + fault.share * MINUTES * 60_000 - Date.now()));
    faultGoingOn = true;
    const before = (await untilSynced(alive(), 5_000)).last;
    say(`fault: ${fault.name}`);
    const from = Date.now();
    const outage = await fault.cause().catch((err: Error): Outage => {
      say(`  the fault failed: ${err.message}`);
      return { fault: fault.name, from, to: Date.now(), error: err.message };
    });
    outages.push(outage);
    // the table's writes wait only while a fault is being caused: a write cut by it would leave its outcome unknown
    faultGoingOn = false;
    churn.pause();
    const synced = await untilSynced(alive(), SYNC_TIMEOUT_MS);
    churn.resume();
    const relists = relistsBetween(before, synced.last);
    faultResults.push({
      fault: fault.name,
      at: new Date(outage.from).toISOString(),
      awaySeconds: (outage.to - outage.from) / 1000,
      secondsToSync: synced.seconds,
      differing: differing(synced.last),
      relists,
      error: outage.error ?? null,
    });
    say(
      `  away ${((outage.to - outage.from) / 1000).toFixed(1)} s; caches the same as fresh lists ${synced.seconds?.toFixed(1) ?? 'NOT within 120'} s after; relists ${relists}`,
    );
  }

  await sleep(Math.max(0, started + MINUTES * 60_000 - Date.now()));
  await writer;
  clearInterval(sampler);
  await readers.stop();
  await churn.stop();
  const cpuUse = cpuTally.stop();
  const cpu = cpuShares(cpuUse);
  const last = await untilSynced(alive(), SYNC_TIMEOUT_MS);
  const versions = (await readVersions(storeUrl)).slice(versionsBefore);
  const audit = await countAudit(storeUrl, 'snapshot.run');
  const unhandled = replicas.flatMap((r) => unhandledErrors(r).map((line) => `${r.name}: ${line}`));
  const written = expectedContents(tableBefore, writes);

  return {
    at: new Date(started).toISOString(),
    minutes: MINUTES,
    clients: CLIENTS,
    paceSeconds: PACE_SECONDS,
    churnPerSecond: CHURN,
    scale: cluster.seeded?.scale ?? 0,
    pods: { created: churn.created, deleted: churn.deleted, failedCalls: churn.failed },
    firstSyncSeconds: first.seconds,
    faults: faultResults,
    atTheEnd: { secondsToSync: last.seconds, differing: differing(last.last), repairs: last.last.reduce((n, c) => n + c.repairs, 0) },
    versions: checkVersions(written, versions),
    sequences: {
      written: written.map(shortHash),
      recorded: versions.map((v) => shortHash(canonical(v.data))),
    },
    writes: writes.map(({ at, by, data, error }) => ({
      at,
      by,
      content: data === null ? null : shortHash(canonical(data)),
      error: error ?? null,
    })),
    audit: {
      snapshotRunsMade: writes.filter((w) => w.by === 'snapshot' && !w.error).length,
      recordedSuccess: audit.success - auditBefore.success,
      recordedOther: audit.other - auditBefore.other,
    },
    readsPerMinute: readsPerMinute(readers.reads, started, outages).map((m) => ({
      ...m,
      busyShare: cpuUse.busyBetween(started + m.minute * 60_000, started + (m.minute + 1) * 60_000),
    })),
    errors: tallyErrors(readers.reads, outages),
    replicasPerMinute: samples,
    rssDriftPercent: rssDrift(samples),
    loopDelayP99MsMax: Math.max(...samples.filter((s) => s.minute >= 1).map((s) => s.loopDelayP99Ms)),
    unhandled,
    cpu,
  };
}

/**
 * What the machine's cores did meanwhile, by process name (the top ones): memdash's replicas share them with the
 * local cluster's control plane, Prometheus and the soak's own clients, which a production memdash does not.
 */
function cpuShares(use: CpuUse): SoakResult['cpu'] {
  const used = [...use.byName]
    .map(([name, seconds]) => ({ name, seconds: Math.round(seconds) }))
    .filter((p) => p.seconds > 0)
    .sort((a, b) => b.seconds - a.seconds);
  return { cores: cpus().length, seconds: Math.round(use.seconds), busyShare: use.busyShare, top: used.slice(0, 8) };
}

/** The replicas stopped, the churned pods and the soak's database removed: after the run, or after its failure. */
async function stopEverything(): Promise<void> {
  await Promise.all(replicas.map((r) => stopReplica(r)));
  await removeChurn().catch((err: Error) => say(`could not remove the churned pods: ${err.message}`));
  await store.remove().catch((err: Error) => say(`could not drop the soak's database: ${err.message}`));
}
