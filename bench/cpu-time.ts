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

/** What the machine's processes used over a stretch, told by startCpuTally. */
export interface CpuUse {
  seconds: number;
  /** CPU seconds by command name, every process that ran counted, those that ended or were restarted too. */
  byName: Map<string, number>;
  /** The share of the machine's CPU time spent busy (0-1), from /proc/stat. */
  busyShare: number;
  /** The same between two times (epoch ms) within the stretch, from the samples nearest them. */
  busyBetween(from: number, to: number): number;
}

/**
 * CPU use from now on, sampled every `everyMs`: each process is read by its pid, so one that ends or is restarted
 * meanwhile (an API server, a Prometheus, a replica killed on purpose) counts up to its last sample, and its successor
 * from its start, where a difference of two totals by name would lose both.
 */
export function startCpuTally(everyMs = 2000): { stop(): CpuUse } {
  const started = Date.now();
  const last = new Map<number, { name: string; seconds: number }>();
  const byName = new Map<string, number>();
  const machine: Array<{ at: number; idle: number; total: number }> = [];
  const sample = (first: boolean) => {
    machine.push({ at: Date.now(), ...cpuTimes() });
    for (const pid of readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .map(Number)) {
      const now = processCpu(pid);
      if (!now) continue;
      const before = last.get(pid);
      // a pid not seen before started since the last sample: all its CPU is of this stretch (a reused pid too)
      const since = before && before.name === now.name ? before.seconds : first ? now.seconds : 0;
      byName.set(now.name, (byName.get(now.name) ?? 0) + now.seconds - since);
      last.set(pid, now);
    }
  };
  sample(true);
  const timer = setInterval(() => sample(false), everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample(false);
      const busyBetween = (from: number, to: number) => {
        const nearest = (t: number) => machine.reduce((a, b) => (Math.abs(b.at - t) < Math.abs(a.at - t) ? b : a));
        const [a, b] = [nearest(from), nearest(to)];
        return b.total > a.total ? 1 - (b.idle - a.idle) / (b.total - a.total) : 0;
      };
      return { seconds: (Date.now() - started) / 1000, byName, busyShare: busyBetween(started, Date.now()), busyBetween };
    },
  };
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
