// npm run cluster:up | cluster:down | cluster:status — the local cluster the tests and the demo run against.
import { rmSync } from 'node:fs';
import { up } from './up.ts';
import { isRunning, stopAll } from './lib/processes.ts';
import { readState } from './lib/state.ts';
import { kubeconfigPath, stateDir } from './lib/paths.ts';
import { prometheusUrl } from './lib/prometheus.ts';
import { postgresUrlFile } from './lib/postgres.ts';
import { ClusterError } from './lib/log.ts';
import { ensureBinaries, ensureHelm } from './lib/binaries.ts';
import { answer, crash, deny, recover, tableReadable, tableUnreadable } from './kyverno/harness.ts';
import { setSnapshotMode, SNAPSHOT_MODES } from './snapshot/harness.ts';

const USAGE = `usage: npm run cluster -- <command>
  up [--rebackfill] [--scale N]
                      start (or reuse) etcd, the control plane, KWOK and Prometheus; seed the scenario
  down [--wipe]       stop exactly the processes up started; --wipe also deletes ${stateDir}
  status              what runs, where, and the kubeconfigs
  build               build the Kubernetes and KWOK binaries (up does it when they are missing) and helm into the cache
  kyverno crash|recover
                      kill Kyverno's stand-in, leaving its registrations (covered pod creates are refused) | start it again
  kyverno deny|allow  answer pod reviews with a denial | with the policy's mutation again
  kyverno table-unreadable|table-readable
                      the GlobalContextEntry's list of the table is refused (failed load, pods admitted untouched) | works
  snapshot normal|prometheus-fails|too-few-rows
                      what the snapshot job's Prometheus does: answer | fail (503) | return one namespace's series`;

function printStatus(): number {
  const current = readState();
  if (!current) {
    console.log(`no local cluster (no ${stateDir}/state.json): run npm run cluster:up`);
    return 1;
  }
  let allUp = true;
  for (const [name, record] of Object.entries(current.processes)) {
    const running = isRunning(record);
    allUp &&= running;
    console.log(`${running ? 'running' : 'STOPPED'}  ${name.padEnd(24)} pid ${record.pid}`);
  }
  if (Object.keys(current.processes).length === 0) allUp = false;
  console.log(`
API server   https://127.0.0.1:${current.ports.apiserver}
Prometheus   ${prometheusUrl(current)}
PostgreSQL   127.0.0.1:${current.ports.postgres}   (DATABASE_URL=$(cat ${postgresUrlFile()}))
kubeconfigs  admin    ${kubeconfigPath('admin')}
             viewer   ${kubeconfigPath('viewer')}     (reads, like the default kubeconfig)
             operator ${kubeconfigPath('operator')}   (writes, like prd-write)
try          KUBECONFIG=${kubeconfigPath('viewer')} kubectl get pods -A`);
  return allUp ? 0 : 1;
}

function scaleFlag(flags: string[]): number {
  const at = flags.indexOf('--scale');
  if (at < 0) return 0;
  const pods = Number(flags[at + 1]);
  if (!Number.isInteger(pods) || pods < 1)
    throw new ClusterError(`--scale needs a whole number of pods, got ${flags[at + 1] ?? 'nothing'}`);
  return pods;
}

async function kyvernoCommand(action: string | undefined): Promise<number> {
  const current = readState();
  if (!current) throw new ClusterError('no local cluster: run npm run cluster:up');
  switch (action) {
    case 'crash':
      crash(current);
      return 0;
    case 'recover':
      await recover(current);
      return 0;
    case 'deny':
      deny();
      return 0;
    case 'allow':
      answer();
      return 0;
    case 'table-unreadable':
      tableUnreadable();
      return 0;
    case 'table-readable':
      tableReadable();
      return 0;
    default:
      console.error(USAGE);
      return 2;
  }
}

function snapshotCommand(mode: string | undefined): number {
  const known = SNAPSHOT_MODES.find((m) => m === mode);
  if (!known) {
    console.error(USAGE);
    return 2;
  }
  setSnapshotMode(known);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...flags] = argv;
  switch (command) {
    case 'up':
      await up({ rebackfill: flags.includes('--rebackfill'), scale: scaleFlag(flags) });
      return printStatus();
    case 'down':
      await stopAll();
      if (flags.includes('--wipe')) rmSync(stateDir, { recursive: true, force: true });
      console.log('local cluster stopped');
      return 0;
    case 'status':
      return printStatus();
    case 'build':
      ensureBinaries();
      ensureHelm();
      return 0;
    case 'kyverno':
      return kyvernoCommand(flags[0]);
    case 'snapshot':
      return snapshotCommand(flags[0]);
    default:
      console.error(USAGE);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ClusterError ? `cluster: ${error.message}` : error);
    process.exit(1);
  },
);
