import 'server-only';
import { Gauge, register } from 'prom-client';

// When each watch the recorder follows last heard from the API server (a list, an event or a bookmark; a quiet kind
// gets a bookmark about every minute), read from the watch-fed caches at each scrape, and the lag since. A lag of
// several minutes means the history has stopped growing.

type LastHeard = () => string | null;
const KEY = Symbol.for('memdash.recorderWatches');
type WithWatches = typeof globalThis & { [KEY]?: Map<string, LastHeard> };
const watches = ((globalThis as WithWatches)[KEY] ??= new Map<string, LastHeard>());

/** Each followed watch's last-heard time in seconds since the epoch. */
function heardTimes(): Array<[string, number]> {
  const times: Array<[string, number]> = [];
  for (const [watch, lastHeard] of watches) {
    const at = lastHeard();
    if (at !== null) times.push([watch, Date.parse(at) / 1000]);
  }
  return times;
}

// Registered once per process, however many of Next's bundles hold this module.
function gauge(name: string, help: string, value: (heardAt: number) => number): void {
  if (register.getSingleMetric(name)) return;
  new Gauge({
    name,
    help,
    labelNames: ['watch'] as const,
    collect() {
      this.reset();
      for (const [watch, at] of heardTimes()) this.set({ watch }, value(at));
    },
  });
}

gauge(
  'memdash_recorder_last_event_timestamp_seconds',
  'When each of the recorder’s watches last heard from the API server (a list, an event or a bookmark)',
  (at) => at,
);
gauge(
  'memdash_recorder_lag_seconds',
  'Seconds since each of the recorder’s watches last heard from the API server (absent: not recording)',
  (at) => Date.now() / 1000 - at,
);

/** The recorder follows `watch` (e.g. configmap/kyverno-prd/memory-requests); `lastHeard` says when it last heard. */
export function followWatch(watch: string, lastHeard: LastHeard): void {
  watches.set(watch, lastHeard);
}

/** The recorder stopped (another replica leads): its watches no longer report. */
export function forgetWatches(): void {
  watches.clear();
}
