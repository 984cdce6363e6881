import 'server-only';
import { Gauge, register } from 'prom-client';
import { recorderLastEvent } from './metrics';

// The recorder's lag: how long since each watch last heard from the API server. A healthy watch hears at least a
// bookmark about every minute, so a lag of several minutes means the history has stopped growing.

const KEY = Symbol.for('memdash.recorderHeard');
type WithHeard = typeof globalThis & { [KEY]?: Map<string, number> };
const heardAt = ((globalThis as WithHeard)[KEY] ??= new Map<string, number>());

const LAG = 'memdash_recorder_lag_seconds';
if (!register.getSingleMetric(LAG)) {
  new Gauge({
    name: LAG,
    help: 'Seconds since each of the recorder’s watches last heard from the API server (absent: not recording)',
    labelNames: ['watch'] as const,
    collect() {
      this.reset();
      const now = Date.now();
      for (const [watch, at] of heardAt) this.set({ watch }, (now - at) / 1000);
    },
  });
}

/** A watch heard from the API server at `at`. */
export function heard(watch: string, at: Date): void {
  heardAt.set(watch, at.getTime());
  recorderLastEvent.set({ watch }, at.getTime() / 1000);
}

/** The recorder stopped (another replica leads): its watches no longer report a lag. */
export function forgetWatches(): void {
  heardAt.clear();
  recorderLastEvent.reset();
}
