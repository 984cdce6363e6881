// Shared by the benchmark scripts: a memdash server on a free port (or MEMDASH_URL), timing and percentiles.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../e2e/cluster/lib/ports.ts';
import { kubeconfigPath, repoRoot } from '../e2e/cluster/lib/paths.ts';
import { readState } from '../e2e/cluster/lib/state.ts';
import { prometheusUrl } from '../e2e/cluster/lib/prometheus.ts';
import { waitFor } from '../e2e/cluster/lib/processes.ts';

/**
 * Sent with each timed single request: it asks for an answer made for it, as a hard reload does, so the figure is
 * the server's work and not an identical answer kept from a moment ago (lib/server/collapse.ts).
 */
export const FRESH = { 'cache-control': 'no-cache' } as const;

export interface Memdash {
  url: string;
  child?: ChildProcess;
}

export async function startMemdash(env: Record<string, string> = {}): Promise<Memdash> {
  if (process.env.MEMDASH_URL) return { url: process.env.MEMDASH_URL };
  if (!existsSync(join(repoRoot, '.next', 'BUILD_ID'))) throw new Error('no build: run npm run build first (or set MEMDASH_URL)');
  const port = await freePort();
  const state = readState();
  // as `npm start` runs it, with its memory settings
  const child = spawn('npm', ['start', '--silent', '--', '--port', String(port)], {
    cwd: repoRoot,
    stdio: 'ignore',
    detached: true,
    env: {
      ...process.env,
      KUBECONFIG: kubeconfigPath('viewer'),
      MEMDASH_RECORDER: 'off',
      MEMDASH_PROMETHEUS_URL: state ? prometheusUrl(state) : '',
      NEXT_TELEMETRY_DISABLED: '1',
      // a benchmark is one client asking as fast as it can: its answers made afresh are not held to one person's share
      MEMDASH_READ_LIMIT: '0',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  if (!(await waitFor(async () => (await fetch(`${url}/healthz`)).ok, 60_000, 300))) throw new Error('memdash did not start');
  return { url, child };
}

/**
 * Starts the server's watch-fed caches (its first pages start them) and waits until every one has listed: a running
 * memdash is measured, not one still listing 20,000 pods. Gives the seconds it took. `headers` sign the requests in
 * on a memdash that asks who reads (bench/signin.ts).
 */
export async function waitForCaches(
  server: Memdash,
  firstPaths: string[] = ['/pods?namespace=shop', '/webhook', '/api/pods?name=web'],
  headers: Record<string, string> = {},
): Promise<number> {
  const started = performance.now();
  for (const path of firstPaths) await (await fetch(`${server.url}${path}`, { headers })).arrayBuffer();
  while (performance.now() - started < 300_000) {
    const view = (await (await fetch(`${server.url}/api/caches`, { headers })).json()) as { caches: Array<{ synced: boolean }> };
    if (view.caches.length > 0 && view.caches.every((c) => c.synced)) return (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the caches did not list within 300 s');
}

export function stopMemdash(server: Memdash): void {
  if (server.child?.pid) process.kill(-server.child.pid, 'SIGTERM');
}

export async function time(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The server's processes (npx → next-server): the largest resident set among them, in MB. NaN when this script did
 * not start the server (MEMDASH_URL) or cannot read it: a figure not measured fails its target, never passes as 0.
 */
export function serverRssMb(server: Memdash): number {
  return largestRssMb(serverPids(server));
}

/** The server's processes now (each found with pgrep): for a sampler that must not spawn a process per sample. */
export const serverPids = (server: Memdash): number[] => descendants(server.child?.pid ?? 0);

/** The largest resident set among `pids`, in MB, read from /proc alone; NaN when none can be read. */
export function largestRssMb(pids: number[]): number {
  const sizes = pids.flatMap((pid) => {
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSafe(`/proc/${pid}/status`))?.[1];
    return rss ? [Number(rss) / 1024] : [];
  });
  return sizes.length > 0 ? Math.max(...sizes) : NaN;
}

function descendants(pid: number): number[] {
  if (!pid) return [];
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // no children
  }
  return [pid, ...children.flatMap(descendants)];
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
