// CPU seconds a process has used, and pinning a process's threads to CPUs, both from /proc and taskset: what
// bench/preview.ts needs to say whose cores a preview spends, and to model Prometheus on a machine of its own.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// USER_HZ: the unit of utime and stime in /proc/<pid>/stat on every Linux this runs on
const TICKS_PER_SECOND = 100;

/** User and system CPU seconds of `pids` together (threads included); a process already gone counts 0. */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    let stat = '';
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // the command name (field 2) may hold spaces and parentheses: fields are counted after its closing one
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime: fields 14 and 15 of the whole line
  }
  return ticks / TICKS_PER_SECOND;
}

/** Every thread of each of `pids` may run only on `cpus` ("0", "1", "0,1"), and so may the threads they start. */
export function pin(pids: number[], cpus: string): void {
  for (const pid of pids) execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cpus, String(pid)], { stdio: 'ignore' });
}
