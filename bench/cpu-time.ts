// CPU seconds a process has used, and pinning a process's threads to CPUs, both from /proc and taskset: what
// bench/preview.ts needs to say whose cores a preview spends, and to model Prometheus on a machine of its own.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

// USER_HZ: the unit of utime and stime in /proc/<pid>/stat on every Linux this runs on
const TICKS_PER_SECOND = 100;

/** User and system CPU seconds of `pids` together (threads included); a process already gone counts 0. */
export function cpuSeconds(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (processCpu(pid)?.seconds ?? 0), 0);
}

/** CPU seconds used so far by every process of the machine, summed by command name. */
export function cpuSecondsByName(): Map<string, number> {
  const byName = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    const cpu = processCpu(Number(pid));
    if (cpu) byName.set(cpu.name, (byName.get(cpu.name) ?? 0) + cpu.seconds);
  }
  return byName;
}

/** One process's command name and CPU seconds from /proc/<pid>/stat; null when it is gone. */
function processCpu(pid: number): { name: string; seconds: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // the command name (field 2) may hold spaces and parentheses: fields are counted after its closing one
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  // utime and stime: fields 14 and 15 of the whole line
  return { name: stat.slice(stat.indexOf('(') + 1, close), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
}

/** Every thread of each of `pids` may run only on `cpus` ("0", "1", "0,1"), and so may the threads they start. */
export function pin(pids: number[], cpus: string): void {
  for (const pid of pids) execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cpus, String(pid)], { stdio: 'ignore' });
}

/** The share of the machine's CPU time spent busy over `ms` (0-1), from /proc/stat. */
export async function busyShare(ms: number): Promise<number> {
  const before = cpuTimes();
  await new Promise((r) => setTimeout(r, ms));
  const after = cpuTimes();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

function cpuTimes(): { idle: number; total: number } {
  // the first line: cpu user nice system idle iowait irq softirq steal …
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return { idle: fields[3]! + fields[4]!, total: fields.reduce((a, b) => a + b, 0) };
}

/**
 * Waits until the machine has been quiet (under `share` busy) for `quietMs` in a row, at most `maxMs`: a server
 * just started is still settling (the lists' garbage collected, the API server's too), and a figure of it then says
 * how the start went, not how a request is answered. Gives the seconds waited, and whether it grew quiet.
 */
export async function untilQuiet(share = 0.15, quietMs = 3000, maxMs = 90_000): Promise<{ seconds: number; quiet: boolean }> {
  const started = performance.now();
  let quietSince = started;
  while (performance.now() - started < maxMs) {
    if ((await busyShare(500)) > share) quietSince = performance.now();
    else if (performance.now() - quietSince >= quietMs) return { seconds: (performance.now() - started) / 1000, quiet: true };
  }
  return { seconds: (performance.now() - started) / 1000, quiet: false };
}
