// etcd, kube-apiserver, kube-controller-manager and kube-scheduler on loopback, started once and reused when warm.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { bin, kubeconfigPath, state } from './paths.ts';
import { pki } from './pki.ts';
import { tokenFile } from './users.ts';
import { authenticationConfigFile } from '../oidc/provider.ts';
import { adminToken } from './api.ts';
import { isRunning, logFile, startDaemon, stopDaemon, waitFor } from './processes.ts';
import { auditFlags, startedWithAudit } from './audit.ts';
import { fail, log } from './log.ts';
import type { ClusterState } from './state.ts';

const ETCD = '/usr/bin/etcd';

async function ensureDaemon(
  current: ClusterState,
  name: string,
  command: string,
  args: string[],
  ready: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  if (!isRunning(current.processes[name])) startDaemon(current, name, command, args);
  else log(`${name} already running`);
  if (!(await waitFor(ready, timeoutMs, 300))) fail(`${name} did not become ready in ${timeoutMs / 1000} s; see ${logFile(name)}`);
}

async function httpOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return response.ok;
}

/** GET on the API server with the admin token; resolves to the status code. */
export function apiGet(port: number, path: string): Promise<number> {
  const token = adminToken();
  const agent = new Agent({ ca: readFileSync(pki('ca.crt')) });
  return new Promise((resolveStatus, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${token}` }, timeout: 2000 }, (res) => {
      res.resume();
      resolveStatus(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}

// etcd's own limit on one request: 1.5 MiB by default. A table's ConfigMap is stored with its managedFields, which name
// every key once more, so the 20,000 rows of --scale 50000 (0.89 MB of data, under the API server's 1 MiB) are
// refused by a default etcd ("etcdserver: request is too large"), as a production cluster's etcd would refuse them.
// The scaled runs beyond 20,000 pods raise the limit to measure memdash with such a table at all.
const LARGE_TABLE_REQUEST_BYTES = 4 << 20;

/** `largeTable`: etcd accepts requests of up to 4 MiB (see LARGE_TABLE_REQUEST_BYTES); else its default. */
export async function ensureEtcd(current: ClusterState, largeTable = false): Promise<void> {
  const { etcd, etcdPeer } = current.ports;
  await ensureDaemon(
    current,
    'etcd',
    ETCD,
    [
      '--name=memdash',
      `--data-dir=${state('etcd')}`,
      `--listen-client-urls=http://127.0.0.1:${etcd}`,
      `--advertise-client-urls=http://127.0.0.1:${etcd}`,
      `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
      `--initial-cluster=memdash=http://127.0.0.1:${etcdPeer}`,
      '--listen-metrics-urls=',
      '--quota-backend-bytes=4294967296',
      '--snapshot-count=20000',
      ...(largeTable ? [`--max-request-bytes=${LARGE_TABLE_REQUEST_BYTES}`] : []),
    ],
    () => httpOk(`http://127.0.0.1:${etcd}/health`),
  );
}

export async function ensureApiserver(current: ClusterState): Promise<void> {
  const { etcd, apiserver } = current.ports;
  const audit = auditFlags();
  const running = current.processes['kube-apiserver'];
  if (running && isRunning(running) && !startedWithAudit(running.pid, audit)) {
    // a warm cluster from before the audit log: the tests that ask the log for what a write did would find nothing
    log('the API server was started without the audit log: it restarts with it');
    await stopDaemon(current, 'kube-apiserver');
  }
  await ensureDaemon(
    current,
    'kube-apiserver',
    bin('kube-apiserver'),
    [
      `--etcd-servers=http://127.0.0.1:${etcd}`,
      '--bind-address=127.0.0.1',
      '--advertise-address=127.0.0.1',
      `--secure-port=${apiserver}`,
      `--tls-cert-file=${pki('apiserver.crt')}`,
      `--tls-private-key-file=${pki('apiserver.key')}`,
      `--client-ca-file=${pki('ca.crt')}`,
      `--token-auth-file=${tokenFile()}`,
      '--authorization-mode=RBAC',
      '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
      `--service-account-key-file=${pki('sa.pub')}`,
      `--service-account-signing-key-file=${pki('sa.key')}`,
      '--service-cluster-ip-range=10.0.0.0/24',
      '--allow-privileged=true',
      // KWOK's kubelet server answers on the node's InternalIP (loopback); pods/log goes there
      '--kubelet-preferred-address-types=InternalIP',
      '--kubelet-read-only-port=0',
      `--kubelet-client-certificate=${pki('apiserver.crt')}`,
      `--kubelet-client-key=${pki('apiserver.key')}`,
      '--enable-priority-and-fairness=false',
      '--profiling=false',
      '--event-ttl=72h',
      // 1.34 and later turn a watch from resourceVersion 0 into a watch-list, which needs progress notifications that
      // Debian's etcd 3.4 lacks: the watch fails at once, and KWOK then saw new pods only at its next relist, up to a
      // minute late
      '--feature-gates=WatchList=false',
      // webhooks registered by Service (the real Kyverno's) go to the Service's endpoints, not to a cluster IP
      // nothing routes here (kyverno/real/access.ts)
      '--enable-aggregator-routing=true',
      // `up --oidc`: the provider's ID tokens too (oidc/provider.ts writes the structured authentication config)
      ...(current.oidc ? [`--authentication-config=${authenticationConfigFile()}`] : []),
      // every request's metadata to .cluster/audit/audit.log: the tests' oracle for what a write did (lib/audit.ts)
      ...audit,
    ],
    async () => (await apiGet(apiserver, '/readyz')) === 200,
    120_000,
  );
}

export async function ensureControllers(current: ClusterState): Promise<void> {
  const admin = kubeconfigPath('admin');
  await ensureDaemon(
    current,
    'kube-controller-manager',
    bin('kube-controller-manager'),
    [
      `--kubeconfig=${admin}`,
      '--leader-elect=false',
      '--bind-address=127.0.0.1',
      `--secure-port=${current.ports.controllerManager}`,
      `--service-account-private-key-file=${pki('sa.key')}`,
      `--root-ca-file=${pki('ca.crt')}`,
      '--use-service-account-credentials=false',
      // no cronjob-controller: the snapshot's CronJob (04:15 Amsterdam) and the scenario's (02:30) would fire in the
      // middle of a test run at that hour and rewrite the table or add pods under the tests. Runs are made as the
      // runbook's `kubectl create job --from=cronjob/…` makes them, by the seed and by memdash's own button.
      '--controllers=*,-nodeipam,-cloud-node-lifecycle,-service-lb-controller,-cronjob-controller',
      // a busy 2-core machine can delay KWOK's heartbeats; nodes going NotReady would mark every pod NotReady
      '--node-monitor-grace-period=5m',
      '--concurrent-deployment-syncs=10',
      '--concurrent-replicaset-syncs=10',
      '--kube-api-qps=200',
      '--kube-api-burst=400',
    ],
    () => httpOkInsecure(current.ports.controllerManager),
  );
  await ensureDaemon(
    current,
    'kube-scheduler',
    bin('kube-scheduler'),
    [
      `--kubeconfig=${admin}`,
      '--leader-elect=false',
      '--bind-address=127.0.0.1',
      `--secure-port=${current.ports.scheduler}`,
      '--kube-api-qps=200',
      '--kube-api-burst=400',
    ],
    () => httpOkInsecure(current.ports.scheduler),
  );
}

/** The controller-manager and scheduler serve /healthz over TLS with a self-signed certificate. */
function httpOkInsecure(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const req = request({ host: '127.0.0.1', port, path: '/healthz', rejectUnauthorized: false, timeout: 2000 }, (res) => {
      res.resume();
      answer(res.statusCode === 200);
    });
    req.on('error', () => answer(false));
    req.end();
  });
}
