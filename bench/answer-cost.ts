// The CPU memdash spends per answer, asked one at a time of a warm server, each request a browser of its own asking
// afresh (its own User-Agent, no-cache), so that no answer is shared: what bench/clusters.ts compares between a
// memdash of one cluster and one of two. bench/request-cost.ts measures the same for each process of the cluster.
import { cpuSeconds } from './cpu-time.ts';
import { FRESH, serverPids, type Memdash } from './harness.ts';

export interface Asked {
  /** The path of the i-th request. */
  path: (i: number) => string;
  expected: number;
}

/** memdash's own CPU seconds a second with nobody asking (its watches, its timers): taken off what requests use. */
export async function idleCpuRate(server: Memdash, seconds = 10): Promise<number> {
  const before = cpuSeconds(serverPids(server));
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return (cpuSeconds(serverPids(server)) - before) / seconds;
}

/**
 * memdash's CPU ms per answer over `requests` answers of `asked`, after `warmUp` more (the first compile and
 * optimise the route's code), less its idle rate over the same time. `offset` keeps each browser's name new.
 */
export async function cpuMsPerAnswer(
  server: Memdash,
  asked: Asked,
  { requests, warmUp, idle, offset }: { requests: number; warmUp: number; idle: number; offset: number },
): Promise<number> {
  const ask = async (i: number) => {
    const response = await fetch(`${server.url}${asked.path(offset + i)}`, {
      headers: { 'user-agent': `memdash-bench browser ${offset + i}`, ...FRESH },
    });
    await response.arrayBuffer();
    if (response.status !== asked.expected)
      throw new Error(`${asked.path(offset + i)}: HTTP ${response.status}, expected ${asked.expected}`);
  };
  for (let i = 0; i < warmUp; i++) await ask(i);
  const pids = serverPids(server);
  const before = cpuSeconds(pids);
  const started = performance.now();
  for (let i = warmUp; i < warmUp + requests; i++) await ask(i);
  const elapsed = (performance.now() - started) / 1000;
  return (Math.max(0, cpuSeconds(pids) - before - idle * elapsed) * 1000) / requests;
}
