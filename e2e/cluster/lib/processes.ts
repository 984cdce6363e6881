// Starts the cluster's daemons detached (they outlive `up`) and stops exactly the ones it recorded.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { state } from './paths.ts';
import { readState, writeState, type ClusterState } from './state.ts';
import { log } from './log.ts';

export function isRunning(record: { pid: number; command: string } | undefined): boolean {
  if (!record) return false;
  try {
    // the pid must still belong to the binary we started, not to a process that reused the number
    const cmdline = readFileSync(`/proc/${record.pid}/cmdline`, 'utf8');
    return cmdline.split('\0')[0] === record.command;
  } catch {
    return false;
  }
}

export function logFile(name: string): string {
  return state('logs', `${name}.log`);
}

/** `user`: run as that uid/gid (PostgreSQL refuses root). */
export function startDaemon(
  current: ClusterState,
  name: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
  user?: { uid: number; gid: number },
): void {
  mkdirSync(state('logs'), { recursive: true });
  const out = openSync(logFile(name), 'a');
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env },
    cwd: state(),
    ...user,
  });
  child.unref();
  if (!child.pid) throw new Error(`could not start ${name}: ${command}`);
  current.processes[name] = { pid: child.pid, command, startedAt: new Date().toISOString() };
  writeState(current);
  log(`started ${name} (pid ${child.pid}, log ${logFile(name)})`);
}

export async function stopDaemon(current: ClusterState, name: string): Promise<void> {
  const record = current.processes[name];
  if (record && isRunning(record)) {
    process.kill(record.pid, 'SIGTERM');
    if (!(await waitFor(() => !isRunning(record), 15_000))) process.kill(record.pid, 'SIGKILL');
    log(`stopped ${name} (pid ${record.pid})`);
  }
  delete current.processes[name];
  writeState(current);
}

export async function stopAll(): Promise<void> {
  const current = readState();
  if (!current) return;
  // reverse start order: the API server's clients first, etcd last
  for (const name of Object.keys(current.processes).reverse()) await stopDaemon(current, name);
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 250): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return true;
    } catch {
      // not ready yet
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return false;
}
