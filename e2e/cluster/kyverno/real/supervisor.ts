// The real Kyverno's process on the host, switched by its Deployment as KWOK runs it, like the stand-in: while the
// Deployment has ready replicas the process runs; once it is at zero and its pods are gone, the process gets
// SIGTERM and shuts down as Kyverno does (with the Deployment at zero, its shutdown deletes the registrations it
// manages). `cluster kyverno crash` SIGKILLs this supervisor's process group, the process with it.
// Started by `cluster up --kyverno real` (kyverno/harness.ts); its own log is .cluster/logs/kyverno-real.log,
// Kyverno's is .cluster/logs/kyverno.log and, in CRI form, the admission-controller pods' log.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { api, type KubeObject } from '../../lib/api.ts';
import { readState } from '../../lib/state.ts';
import { ADMISSION_PODS, DEPLOYMENT, NAMESPACE } from '../names.ts';
import { podLogs, writeCriLine } from '../pod-logs.ts';
import { kyvernoBin } from './binary.ts';
import { kyvernoCommandLine } from './command.ts';
import { kyvernoLog } from './access.ts';

const RESTART_AFTER_MS = 5000; // a process that dies by itself is started again, as the kubelet would

interface Deployment extends KubeObject {
  spec?: { replicas?: number };
  status?: { readyReplicas?: number };
}

const current = readState();
if (!current) throw new Error('no .cluster/state.json');
const cluster = current;
const client = api();
let deployment: Deployment | null = null;
let pods = 0;
let child: ChildProcess | null = null;
let stopping = false;

function say(message: string): void {
  process.stdout.write(`${new Date().toISOString()} ${message}\n`);
}

function start(): void {
  const { args, env } = kyvernoCommandLine(cluster);
  say(`starting ${kyvernoBin} ${args.join(' ')}`);
  const started = spawn(kyvernoBin, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child = started;
  stopping = false;
  const forward = (chunk: Buffer) => {
    appendFileSync(kyvernoLog(), chunk);
    for (const line of chunk.toString().split('\n')) if (line.trim()) writeCriLine(line);
  };
  started.stdout?.on('data', forward);
  started.stderr?.on('data', forward);
  started.on('exit', (code, signal) => {
    say(`kyverno (pid ${started.pid}) exited: ${signal ?? `code ${code}`}`);
    if (child === started) child = null;
    // A stop asked for may end after the Deployment is back (a slow shutdown, a busy machine): with no watch event
    // left to come, the process would stay down, so the Deployment is looked at again at once.
    setTimeout(step, stopping ? 0 : RESTART_AFTER_MS);
  });
}

/** SIGTERM, as the kubelet stops a container; Kyverno's own shutdown decides what happens to the registrations. */
function stop(): void {
  if (!child || stopping) return;
  stopping = true;
  say(`Deployment at zero and its pods gone: SIGTERM to kyverno (pid ${child.pid})`);
  child.kill('SIGTERM');
}

function step(): void {
  const ready = deployment?.status?.readyReplicas ?? 0;
  const atZero = !deployment || (deployment.spec?.replicas ?? 1) === 0;
  if (ready > 0 && !child) start();
  else if (child && atZero && pods === 0) stop();
}

process.on('SIGTERM', () => {
  // `cluster down`: the process ends with the cluster, its registrations left as a stopped cluster leaves them
  stopping = true;
  if (!child) process.exit(0);
  child.once('exit', () => process.exit(0));
  child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 12_000).unref();
});

say(`Kyverno supervisor starting (pid ${process.pid})`);
client.informer<Deployment>(
  `/apis/apps/v1/namespaces/${NAMESPACE}/deployments?fieldSelector=metadata.name%3D${DEPLOYMENT}`,
  (items) => {
    deployment = items[0] ?? null;
    step();
  },
  (e) => say(`deployment watch: ${e.message}`),
);
const publishLogs = podLogs(client);
client.informer(
  `/api/v1/namespaces/${NAMESPACE}/pods?labelSelector=${encodeURIComponent(ADMISSION_PODS)}`,
  (items) => {
    pods = items.length;
    step();
    publishLogs(items.map((p) => p.metadata.name)).catch((e: Error) => say(`pod logs: ${e.message}`));
  },
  (e) => say(`pod watch: ${e.message}`),
);
