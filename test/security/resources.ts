// What a server process holds, read from /proc as the kernel counts it (not from the server's own metrics), and how
// fast it answers /healthz meanwhile: for the tests of what abandoned requests leave behind.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { kubeconfig } from '../integration/cluster.ts';
import { clusterNameFor } from '../stores.ts';

export interface Held {
  threads: number;
  rssMb: number;
}

/** Threads and resident memory of a process, from /proc/<pid>/status. */
export function heldBy(pid: number): Held {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const found = new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status);
    if (!found) throw new Error(`/proc/${pid}/status has no ${name}`);
    return Number(found[1]);
  };
  return { threads: field('Threads'), rssMb: field('VmRSS') / 1024 };
}

/** The socket inodes listening on 127.0.0.1:`port` (/proc/net/tcp: state 0A is LISTEN). */
function listeningInodes(port: number): Set<string> {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols[1]?.endsWith(`:${hex}`) && cols[3] === '0A') inodes.add(cols[9]!);
  }
  return inodes;
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the ppid is the 4th field of stat, after the command in parentheses (which may hold spaces)
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

/**
 * The process that listens on `port`, among `root` and its descendants: the spawned `next start` may be a wrapper
 * around the node process that serves.
 */
export function listeningPid(root: number, port: number): number {
  const inodes = listeningInodes(port);
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.shift()!;
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const target = /^socket:\[(\d+)\]$/.exec(readlinkOrEmpty(`/proc/${pid}/fd/${fd}`));
        if (target && inodes.has(target[1]!)) return pid;
      }
    } catch {
      // not ours to read, or ended
    }
    pending.push(...childrenOf(pid));
  }
  throw new Error(`no process under ${root} listens on 127.0.0.1:${port}`);
}

function readlinkOrEmpty(path: string): string {
  try {
    return readlinkSync(path, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Asks /healthz every `everyMs` until stopped, from a process of its own (health-watcher.ts); `stop()` gives the
 * slowest answer's time, how many were asked and the failures.
 */
export function watchHealth(port: number, everyMs = 50): { stop: () => Promise<{ slowestMs: number; asked: number; failures: string[] }> } {
  const watcher = spawn(process.execPath, [WATCHER, String(port), String(everyMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  watcher.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const ended = new Promise<number | null>((resolve) => watcher.on('close', resolve));
  return {
    stop: async () => {
      watcher.stdin.end();
      const code = await ended;
      if (code !== 0) throw new Error(`the /healthz watcher ended with ${code}: ${out.slice(0, 200)}`);
      return JSON.parse(out) as { slowestMs: number; asked: number; failures: string[] };
    },
  };
}

const WATCHER = fileURLToPath(new URL('./health-watcher.ts', import.meta.url));

/**
 * Two recorded versions of `rows` rows each with every row changed between them, stored straight into the history
 * store at `path`: their diff is large enough to run in a worker thread.
 */
export async function seedLargeVersions(path: string, rows: number): Promise<void> {
  const { openHistoryDb } = await import('@/lib/history/db');
  const { recordTableVersion } = await import('@/lib/history/store');
  const db = await openHistoryDb(path, await clusterNameFor(kubeconfig('viewer'))); // the server's cluster (server.ts)
  for (const seed of [1, 2]) {
    const data: Record<string, string> = {};
    for (let i = 0; i < rows; i++) data[`ns-${i % 40}_workload-${i}_app`] = `${64 + (i % 2000) + seed}Mi`;
    const seen = { data, resourceVersion: String(seed), seenAt: new Date(`2026-11-0${seed}T04:15:00Z`), writtenAt: null };
    if ((await recordTableVersion(db, seen)) !== 'recorded') throw new Error(`precondition failed: version ${seed} was not stored`);
  }
  await db.kysely.destroy();
}

/** The threads and memory of `pid` once within `bound`, or as they are after `withinMs`. */
export async function settledWithin(pid: number, bound: Held, withinMs: number): Promise<Held> {
  const until = Date.now() + withinMs;
  let now = heldBy(pid);
  while (Date.now() < until && (now.threads > bound.threads || now.rssMb > bound.rssMb)) {
    await new Promise((r) => setTimeout(r, 500));
    now = heldBy(pid);
  }
  return now;
}

/** A GET to 127.0.0.1:`port` that hangs up after `staysMs`, or at its first byte; resolves once its socket is closed. */
export function abandonAfter(port: number, path: string, staysMs: number): Promise<void> {
  return new Promise((resolve) => {
    const req: ClientRequest = httpRequest({ host: '127.0.0.1', port, path }, (res) => {
      res.once('data', () => req.destroy());
    });
    req.on('error', () => undefined);
    req.on('close', () => resolve());
    req.end();
    setTimeout(() => req.destroy(), staysMs);
  });
}
