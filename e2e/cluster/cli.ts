// npm run cluster:up | cluster:down | cluster:status — the local cluster the tests and the demo run against.
import { rmSync } from 'node:fs';
import { up } from './up.ts';
import { isRunning, logFile, stopAll } from './lib/processes.ts';
import { KYVERNO_MODES, kyvernoModeOf, readState, type KyvernoMode } from './lib/state.ts';
import { ensureKyvernoBinary } from './kyverno/real/binary.ts';
import { kubeconfigPath, stateDir } from './lib/paths.ts';
import { oidcStatus } from './oidc/status.ts';
import { prometheusUrl } from './lib/prometheus.ts';
import { postgresUrlFile } from './lib/postgres.ts';
import { ClusterError } from './lib/log.ts';
import { clustersFile, downSecond, FIRST_NAME, SECOND_NAME, secondDir, secondState, upSecond } from './lib/pair.ts';
import { ensureBinaries, ensureHelm, ensureSigninParts } from './lib/binaries.ts';
import { answer, crash, deny, recover, tableReadable, tableUnreadable } from './kyverno/harness.ts';
import { setSnapshotMode, SNAPSHOT_MODES } from './snapshot/harness.ts';

const USAGE = `usage: npm run cluster -- <command>
  up [--rebackfill] [--scale N] [--kyverno stand-in|real] [--oidc|--no-oidc] [--no-postgres] [--clusters 1|2]
                      start (or reuse) etcd, the control plane, KWOK, Prometheus and PostgreSQL; seed the scenario.
                      --kyverno: who answers the pod webhook, the harness's stand-in (the default) or Kyverno
                      v1.19.1 itself (built from its Go module); kept in the state folder until changed
                      --oidc: also our OpenID Provider (e2e/oidc-provider) with three test accounts, and the API
                      server trusting its ID tokens; kept in the state folder until --no-oidc
                      --no-postgres: no PostgreSQL (the demo's memdash keeps its history in SQLite)
                      --clusters 2: also a second cluster, the stage, in ${secondDir()} (the same scenario, the
                      stage's rows; no PostgreSQL, no OpenID Provider, the stand-in; --scale N seeds it too), and
                      ${clustersFile()} naming both for MEMDASH_CLUSTERS; --clusters 1 stops such a second cluster
  down [--wipe]       stop exactly the processes up started, the second cluster's too; --wipe also deletes ${stateDir}
  status              what runs, where, and the kubeconfigs
  build [cluster|up|tools|signin|all]
                      build into the cache what is missing: cluster, the Kubernetes and KWOK binaries the cluster
                      runs (the demo's); up, those and our OpenID Provider (up builds them itself when they are
                      missing); signin, the provider and oauth2-proxy (the sign-in tests); tools, up and Kyverno
                      v1.19.1 with its CLI (--kyverno real, the policy's CLI tests) and helm (the chart's tests);
                      all (the default), every one of them
  kyverno crash|recover
                      SIGKILL Kyverno, leaving its registrations (covered pod creates are refused) | start it again
  kyverno deny|allow  answer pod reviews with a denial (the real one: a policy whose patch fails) | as the policy says
  kyverno table-unreadable|table-readable
                      stand-in only: the GlobalContextEntry's list of the table is refused (failed load) | works
  snapshot normal|prometheus-fails|too-few-rows
                      what the snapshot job's Prometheus does: answer | fail (503) | return one namespace's series`;

function build(what: string): number {
  if (!['cluster', 'up', 'signin', 'tools', 'all'].includes(what)) {
    console.error(USAGE);
    return 2;
  }
  if (what === 'signin') {
    ensureSigninParts(['provider', 'oauth2-proxy']);
    return 0;
  }
  ensureBinaries();
  if (what === 'cluster') return 0;
  ensureSigninParts(['provider']);
  if (what === 'up') return 0;
  ensureKyvernoBinary();
  ensureHelm();
  if (what === 'all') ensureSigninParts(['oauth2-proxy']);
  return 0;
}

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
Kyverno      ${kyvernoModeOf(current) === 'real' ? `v1.19.1 itself (log ${logFile('kyverno')})` : 'the stand-in'}
API server   https://127.0.0.1:${current.ports.apiserver}
Prometheus   ${prometheusUrl(current)}
PostgreSQL   ${current.processes.postgres ? `127.0.0.1:${current.ports.postgres}   (DATABASE_URL=$(cat ${postgresUrlFile()}))` : 'not started (up --no-postgres)'}
kubeconfigs  admin    ${kubeconfigPath('admin')}
             viewer   ${kubeconfigPath('viewer')}     (reads, like the default kubeconfig)
             operator ${kubeconfigPath('operator')}   (writes, like prd-write)
try          KUBECONFIG=${kubeconfigPath('viewer')} kubectl get pods -A${current.oidc ? `\n${oidcStatus(current)}` : ''}${secondStatus()}`);
  return allUp ? 0 : 1;
}

/** The second cluster's place, when `up --clusters 2` started one (its own status: its folder as MEMDASH_CLUSTER_DIR). */
function secondStatus(): string {
  const second = secondState();
  if (!second) return '';
  const running = Object.values(second.processes).some(isRunning);
  return `
second       ${SECOND_NAME}, ${running ? 'running' : 'STOPPED'}: API server https://127.0.0.1:${second.ports.apiserver}, Prometheus ${prometheusUrl(second)}
             MEMDASH_CLUSTER_DIR=${secondDir()} npm run cluster:status
clusters     MEMDASH_CLUSTERS=${clustersFile()}   (${FIRST_NAME} and ${SECOND_NAME})`;
}

function clustersFlag(flags: string[]): 1 | 2 | undefined {
  const at = flags.indexOf('--clusters');
  if (at < 0) return undefined;
  const count = flags[at + 1];
  if (count !== '1' && count !== '2') throw new ClusterError(`--clusters takes 1 or 2, got ${count ?? 'nothing'}`);
  return count === '2' ? 2 : 1;
}

function kyvernoFlag(flags: string[]): KyvernoMode | undefined {
  const at = flags.indexOf('--kyverno');
  if (at < 0) return undefined;
  const mode = KYVERNO_MODES.find((m) => m === flags[at + 1]);
  if (!mode) throw new ClusterError(`--kyverno takes ${KYVERNO_MODES.join(' or ')}, got ${flags[at + 1] ?? 'nothing'}`);
  return mode;
}

function oidcFlag(flags: string[]): boolean | undefined {
  if (flags.includes('--oidc') && flags.includes('--no-oidc')) throw new ClusterError('--oidc and --no-oidc together');
  if (flags.includes('--oidc')) return true;
  return flags.includes('--no-oidc') ? false : undefined;
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
      await deny();
      return 0;
    case 'allow':
      await answer();
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
    case 'up': {
      const clusters = clustersFlag(flags);
      const rebackfill = flags.includes('--rebackfill');
      await up({
        rebackfill,
        scale: scaleFlag(flags),
        kyverno: kyvernoFlag(flags),
        oidc: oidcFlag(flags),
        postgres: !flags.includes('--no-postgres'),
        stage: flags.includes('--stage'), // the second's own `up` (lib/pair.ts)
      });
      // one after the other: two seedings at once would only share the same cores
      if (clusters === 2) upSecond(rebackfill, scaleFlag(flags));
      if (clusters === 1) downSecond(); // asked for one: a second left by an earlier --clusters 2 stops
      return printStatus();
    }
    case 'down':
      downSecond();
      await stopAll();
      if (flags.includes('--wipe')) rmSync(stateDir, { recursive: true, force: true });
      console.log('local cluster stopped');
      return 0;
    case 'status':
      return printStatus();
    case 'build':
      return build(flags[0] ?? 'all');
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
