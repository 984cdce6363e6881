// The soak's memdash replicas: `next start` of the build, as the security tests start it (test/security/server.ts),
// two of them on one PostgreSQL database with the recorder's Lease, as the chart runs them. Each one's output also goes
// to a log of its own, for a person to read after the run.
import { join } from 'node:path';
import { startMemdash, type RunningMemdash } from '../../test/security/server.ts';
import { memorySettings } from '../deployed-memory.ts';

export interface Replica {
  name: string;
  url: string;
  server: RunningMemdash;
  /** Whether it was killed on purpose (the Lease holder): its end is not a crash. */
  killed: boolean;
}

/** A replica with the memory settings the image runs it with; `env`'s NODE_OPTIONS (a profiler's) are added to them. */
export async function startReplica(name: string, env: Record<string, string>, logDir: string): Promise<Replica> {
  const memory = memorySettings();
  const nodeOptions = [memory.NODE_OPTIONS, env.NODE_OPTIONS].filter(Boolean).join(' ');
  const server = await startMemdash({ ...memory, ...env, NODE_OPTIONS: nodeOptions }, join(logDir, `${name}.log`));
  return { name, url: `http://127.0.0.1:${server.port}`, server, killed: false };
}

export const stopReplica = (replica: Replica, signal?: NodeJS.Signals) => replica.server.stop(signal);

export const isAlive = (replica: Replica) => replica.server.server.exitCode === null && replica.server.server.signalCode === null;

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
  return replica.server
    .output()
    .split('\n')
    .filter((line) => /unhandledRejection|uncaughtException|Unhandled promise rejection/i.test(line));
}
