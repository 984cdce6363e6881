// What the write tests need around memdash: a counting proxy in front of the API server (memdash reads through it,
// so every call it makes is seen), kubeconfigs and tokens of the local cluster's users, the snapshot switch, and
// waiting for a Job to end. Everything here is found with kubectl or the harness, not with the code under test.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubeconfig, kubectl, kubectlJson, repoRoot } from './cluster';

export const KYVERNO = 'kyverno-prd';

export const tokenOf = (user: 'viewer' | 'operator'): string => {
  const token = readFileSync(kubeconfig(user), 'utf8').match(/token: (\S+)/)?.[1];
  if (!token) throw new Error(`no token in ${kubeconfig(user)}: is the local cluster up (npm run cluster:up)?`);
  return token;
};

export const apiServerOf = (): string => {
  const server = readFileSync(kubeconfig('viewer'), 'utf8').match(/server: (\S+)/)?.[1];
  if (!server) throw new Error(`no server in ${kubeconfig('viewer')}: is the local cluster up (npm run cluster:up)?`);
  return server;
};

/** A TCP proxy on loopback in front of the API server that counts connections and the bytes sent through it. */
export interface CountingProxy {
  url: string;
  connections: () => number;
  bytesIn: () => number;
  close: () => Promise<void>;
}

export function startCountingProxy(target: string): Promise<CountingProxy> {
  const { hostname, port } = new URL(target);
  let connections = 0;
  let bytesIn = 0;
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((client) => {
    connections++;
    const upstream = createConnection({ host: hostname, port: Number(port) });
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      bytesIn += chunk.length;
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port: own } = server.address() as import('node:net').AddressInfo;
      resolve({
        url: `https://127.0.0.1:${own}`,
        connections: () => connections,
        bytesIn: () => bytesIn,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    }),
  );
}

/** A copy of a user's kubeconfig naming another server. */
export function kubeconfigVia(user: 'viewer' | 'operator', server: string): string {
  return readFileSync(kubeconfig(user), 'utf8').replace(/server: \S+/, `server: ${server}`);
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'memdash-writes-'));
}

export function writeTemp(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The harness's switch for what the snapshot job's Prometheus does. */
export function snapshotMode(mode: 'normal' | 'too-few-rows' | 'prometheus-fails'): void {
  execFileSync(process.execPath, ['e2e/cluster/cli.ts', 'snapshot', mode], { cwd: repoRoot, stdio: 'ignore' });
}

/** A field manager's entry in an object's managedFields, as the API server keeps it. */
export interface ManagedFieldsEntry {
  manager: string;
  operation: string;
  fieldsV1?: { 'f:data'?: Record<string, unknown>; 'f:metadata'?: Record<string, unknown> };
}

interface JobShape {
  metadata: {
    name: string;
    managedFields?: ManagedFieldsEntry[];
    annotations?: Record<string, string>;
    ownerReferences?: Array<{ kind: string; name: string; uid: string; controller?: boolean }>;
  };
  status?: { conditions?: Array<{ type: string; status: string }>; failed?: number };
}

export const job = (name: string): JobShape => kubectlJson<JobShape>(['-n', KYVERNO, 'get', 'job', name, '--show-managed-fields']);
export const jobNames = (): string[] =>
  kubectlJson<{ items: JobShape[] }>(['-n', KYVERNO, 'get', 'jobs']).items.map((j) => j.metadata.name);

/**
 * Fails naming them when runs of the snapshot CronJob (Jobs it controls, not Complete or Failed) are active: the
 * cluster is shared, and a test that counts the runs it starts needs none running beside them.
 */
export function requireNoActiveRun(): void {
  const uid = kubectlJson<{ metadata: { uid: string } }>(['-n', KYVERNO, 'get', 'cronjob', 'memory-snapshot']).metadata.uid;
  const active = kubectlJson<{ items: JobShape[] }>(['-n', KYVERNO, 'get', 'jobs'])
    .items.filter((j) => j.metadata.ownerReferences?.some((o) => o.controller && o.uid === uid))
    .filter((j) => !j.status?.conditions?.some((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True'))
    .map((j) => j.metadata.name);
  if (active.length > 0)
    throw new Error(`precondition failed: runs of the snapshot are active (${active.join(', ')}): wait until they end`);
}

/** Waits until the Job is Complete or Failed, and says which. */
export async function jobEnds(name: string, timeoutMs = 240_000): Promise<'Complete' | 'Failed'> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const done = job(name).status?.conditions?.find((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
    if (done) return done.type as 'Complete' | 'Failed';
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`Job ${name} did not end within ${timeoutMs / 1000} s`);
}

export const tableData = (): Record<string, string> | undefined =>
  kubectlJson<{ data?: Record<string, string> }>(['-n', KYVERNO, 'get', 'configmap', 'memory-requests']).data;

interface TableShape {
  data?: Record<string, string>;
  metadata: { resourceVersion: string; managedFields?: ManagedFieldsEntry[] };
}

/** The table ConfigMap as the API server holds it now, managedFields included. */
export const tableObject = (): TableShape =>
  kubectlJson<TableShape>(['-n', KYVERNO, 'get', 'configmap', 'memory-requests', '--show-managed-fields']);

/** The table's resourceVersion now: what a page that showed it now sends with a write. */
export const tableResourceVersion = (): string => tableObject().metadata.resourceVersion;

const MOVED = 'memdash.test/moved';

/**
 * Writes the table without touching its data (an annotation set, then removed once `check` ends): a write another
 * operator could have made since a page showed the table. The data other tests read stays as it is.
 */
export async function whileTableMoved<T>(check: () => Promise<T>): Promise<T> {
  kubectl(['-n', KYVERNO, 'annotate', 'configmap', 'memory-requests', `${MOVED}=${Date.now()}`, '--overwrite'], 'admin');
  try {
    return await check();
  } finally {
    kubectl(['-n', KYVERNO, 'annotate', 'configmap', 'memory-requests', `${MOVED}-`], 'admin');
  }
}
