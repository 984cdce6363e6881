// How the preview keeps Prometheus busy while it reads. Prometheus computes a query_range answer whole before it
// sends its first byte; from then on it only writes, and the reader's parsing sets the pace. A batch that held its
// place until its last byte was parsed left Prometheus computing one answer instead of two for as long as that took.
// Here a batch gives its place up at its first byte: `computing` answers are always being computed, and at most
// `inFlight` in all are open (the others being read), so a reader slower than Prometheus is not sent more than it
// can hold.

export interface OverlapLimits {
  /** Answers being computed at once: requests sent whose first byte has not arrived. */
  computing: number;
  /** Requests open at once, those being read included. */
  inFlight: number;
}

/**
 * Runs `run` for each item in order within the limits. `run` calls `answering()` once its answer's first byte has
 * arrived. Resolves when every item has run; on the first failure no item is started after it, the open ones are
 * stopped through the signal `run` was given, and that failure is thrown once they have ended.
 */
export async function runOverlapped<T>(
  items: readonly T[],
  limits: OverlapLimits,
  run: (item: T, answering: () => void, signal: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const stop = new AbortController();
  const stopped = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const queue = [...items];
  const open = new Set<Promise<void>>();
  let computing = 0;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const changed = () => {
    wake?.();
    wake = null;
  };
  const start = (item: T) => {
    let answered = false;
    const answering = () => {
      if (answered) return;
      answered = true;
      computing--;
      changed();
    };
    computing++;
    const running: Promise<void> = (async () => run(item, answering, stopped))()
      .catch((error: unknown) => {
        if (!failure) failure = { error };
        stop.abort();
      })
      .finally(() => {
        answering();
        open.delete(running);
        changed();
      });
    open.add(running);
  };
  while (queue.length > 0 && !failure && !stopped.aborted) {
    if (computing < limits.computing && open.size < limits.inFlight) {
      start(queue.shift()!);
      continue;
    }
    await new Promise<void>((resolve) => (wake = resolve));
  }
  await Promise.all(open);
  if (failure) throw (failure as { error: unknown }).error;
}
