// The harness's handles on the snapshot job: start its runner with `up`, and switch what its Prometheus does.
import { join } from 'node:path';
import { isRunning, startDaemon } from '../lib/processes.ts';
import { setSwitch, type Switches } from '../lib/switches.ts';
import { log } from '../lib/log.ts';
import type { ClusterState } from '../lib/state.ts';

export const RUNNER = 'snapshot-runner';
export const SNAPSHOT_MODES: Array<Switches['snapshot']> = ['normal', 'prometheus-fails', 'too-few-rows'];

export function ensureSnapshotRunner(current: ClusterState): void {
  if (isRunning(current.processes[RUNNER])) return log('snapshot runner already running');
  startDaemon(current, RUNNER, process.execPath, [join(import.meta.dirname, 'runner.ts')]);
}

export function setSnapshotMode(mode: Switches['snapshot']): void {
  setSwitch('snapshot', mode);
  log(`the snapshot job's Prometheus: ${mode}`);
}
