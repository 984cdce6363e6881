// When a team opens the same pod in an incident, fifty requests ask the same question within one round trip. Each
// read wrapped here is made once per key while it is in flight: the requests that arrive meanwhile share its answer
// (or its failure), so each still gets an answer no older than one round trip, and the cluster and Prometheus are
// asked once instead of fifty times.

/** `work`, called at most once at a time per key; callers asking while it runs get the same promise. */
export function sharedInFlight<A extends unknown[], T>(
  keyOf: (...args: A) => string,
  work: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (...args: A) => {
    const key = keyOf(...args);
    let running = inFlight.get(key);
    if (!running) {
      running = work(...args).finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    return running;
  };
}
