// The soak's memdash replicas: `next start` of the build, two of them on one PostgreSQL database with the recorder's
// Lease, as the chart runs them. Each one's output goes to a log of its own, read at the end for unhandled errors.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../e2e/cluster/lib/ports.ts';
import { kubeconfigPath, repoRoot } from '../../e2e/cluster/lib/paths.ts';
import { waitFor } from '../../e2e/cluster/lib/processes.ts';

export interface Replica {
  name: string;
  url: string;
  child: ChildProcess;
  logFile: string;
  /** Whether it was killed on purpose (the Lease holder): its end is not a crash. */
  killed: boolean;
}

export async function startReplica(name: string, env: Record<string, string>, logDir: string): Promise<Replica> {
  const port = await freePort();
  const logFile = join(logDir, `${name}.log`);
  appendFileSync(logFile, '');
  const child = spawn(join(repoRoot, 'node_modules/.bin/next'), ['start', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: repoRoot,
    env: { ...process.env, KUBECONFIG: kubeconfigPath('viewer'), NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (d: Buffer) => appendFileSync(logFile, d));
  const url = `http://127.0.0.1:${port}`;
  if (!(await waitFor(async () => (await fetch(`${url}/healthz`)).ok, 60_000, 300)))
    throw new Error(`replica ${name} did not answer /healthz within 60 s (log: ${logFile})`);
  return { name, url, child, logFile, killed: false };
}

export async function stopReplica(replica: Replica, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (replica.child.exitCode !== null || replica.child.signalCode !== null) return;
  const exited = new Promise((r) => replica.child.once('exit', r));
  replica.child.kill(signal);
  await exited;
}

export const isAlive = (replica: Replica) => replica.child.exitCode === null && replica.child.signalCode === null;

/** The figures the soak follows, from the replica's /metrics (prom-client's process metrics and memdash's own). */
export interface ReplicaMetrics {
  rssMb: number;
  /** The event loop's delay since the last scrape (prom-client resets its histogram on each). */
  loopDelayP99Ms: number;
  leader: boolean;
}

export async function readMetrics(replica: Replica): Promise<ReplicaMetrics> {
  // a fresh connection each time: a kept-alive one that the server closes as it is reused fails the fetch
  const text = await (await fetch(`${replica.url}/metrics`, { headers: { connection: 'close' } })).text();
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    rssMb: value('process_resident_memory_bytes') / 2 ** 20,
    loopDelayP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
    leader: value('memdash_recorder_leader') === 1,
  };
}

/** Lines of the replica's output that report an error nothing handled (Next prints them as "⨯ unhandledRejection"). */
export function unhandledErrors(replica: Replica): string[] {
  return readFileSync(replica.logFile, 'utf8')
    .split('\n')
    .filter((line) => /unhandledRejection|uncaughtException|Unhandled promise rejection/i.test(line));
}
