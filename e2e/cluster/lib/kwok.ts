// KWOK plays the kubelet of the three fake nodes: it makes pods Running/Ready, Job pods Succeeded, finishes
// deletions, and serves pods/log through the API server from files named by Logs/ClusterLogs objects.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, kubeconfigPath, KWOK_VERSION, state } from './paths.ts';
import { pki } from './pki.ts';
import { isRunning, startDaemon } from './processes.ts';
import { applyObjects } from './kubectl.ts';
import { fail, log } from './log.ts';
import type { ClusterState } from './state.ts';
import { terminationStages } from './kwok-terminations.ts';

/** Pods of the snapshot CronJob carry this label; the harness's snapshot runner, not KWOK, ends them. */
export const RUNNER_LABEL = 'memdash-harness';
export const RUNNER_VALUE = 'snapshot-runner';

function kwokModuleDir(): string {
  const modcache = execFileSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).trim();
  const dir = join(modcache, `sigs.k8s.io/kwok@${KWOK_VERSION}`);
  if (!existsSync(dir)) fail(`KWOK's module is not in the Go module cache (${dir}); run e2e/cluster/build-kube.sh`);
  return dir;
}

/**
 * Upstream's stages, read from the module cache, as kwokctl passes them (kwok itself has none built in): the fast
 * node and pod stages, and node heartbeats through the lease. pod-complete skips the snapshot runner's pods. The
 * harness's own end containers OOMKilled and evict pods (kwok-terminations.ts).
 */
function stages(moduleDir: string): string {
  const stage = (path: string) => readFileSync(join(moduleDir, 'kustomize/stage', `${path}.yaml`), 'utf8');
  const runnerExcluded = `    - key: '.metadata.labels["${RUNNER_LABEL}"]'\n      operator: 'DoesNotExist'\n`;
  const complete = stage('pod/fast/pod-complete').replace(/(  selector:\n    matchExpressions:\n)/, `$1${runnerExcluded}`);
  if (complete === stage('pod/fast/pod-complete')) fail('KWOK pod-complete stage has an unexpected shape; cannot exclude runner pods');
  return [
    stage('node/fast/node-initialize'),
    stage('node/heartbeat-with-lease/node-heartbeat-with-lease'),
    stage('pod/fast/pod-ready'),
    complete,
    stage('pod/fast/pod-delete'),
    ...terminationStages(),
  ].join('\n---\n');
}

export function installKwokCrds(): void {
  const dir = join(kwokModuleDir(), 'kustomize/crd/bases');
  const crds = ['kwok.x-k8s.io_logs.yaml', 'kwok.x-k8s.io_clusterlogs.yaml'].map((f) => readFileSync(join(dir, f), 'utf8'));
  execFileSync(bin('kubectl'), [`--kubeconfig=${kubeconfigPath('admin')}`, 'apply', '--server-side', '-f', '-'], {
    input: crds.join('\n---\n'),
    stdio: ['pipe', 'ignore', 'pipe'],
  });
}

export function ensureKwok(current: ClusterState): void {
  if (isRunning(current.processes.kwok)) return log('kwok already running');
  const config = state('kwok.yaml');
  writeFileSync(config, stages(kwokModuleDir()));
  const port = current.ports.kwok;
  startDaemon(current, 'kwok', bin('kwok'), [
    `--kubeconfig=${kubeconfigPath('admin')}`,
    '--manage-all-nodes=true',
    '--node-ip=127.0.0.1',
    `--node-port=${port}`,
    `--server-address=127.0.0.1:${port}`,
    `--tls-cert-file=${pki('kwok.crt')}`,
    `--tls-private-key-file=${pki('kwok.key')}`,
    `--config=${config}`,
    '--enable-crds=Logs,ClusterLogs',
    '--cidr=10.244.0.0/16',
    // heartbeats through node leases, as kubelets do; without them the node lifecycle controller marks pods NotReady
    '--node-lease-duration-seconds=40',
  ]);
}

/** Every pod gets a log: one ClusterLogs object for all, pointing at a CRI-format file the harness writes. */
export function seedDefaultLogs(): void {
  const file = state('logs', 'pod-default.log');
  const now = new Date().toISOString();
  writeFileSync(file, [`${now} stdout F started`, `${now} stdout F serving on :8080`].join('\n') + '\n');
  applyObjects([
    {
      apiVersion: 'kwok.x-k8s.io/v1alpha1',
      kind: 'ClusterLogs',
      metadata: { name: 'every-pod' },
      spec: { selector: {}, logs: [{ containers: [], logsFile: file, follow: false }] },
    },
  ]);
}
