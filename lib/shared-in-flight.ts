// When a team opens the same pod in an incident, fifty requests ask the same question within one round trip. Each
// read wrapped here is made once per key while it is in flight: the requests that arrive meanwhile share its answer
// (or its failure), so each still gets an answer no older than one round trip, and the cluster and Prometheus are
// asked once instead of fifty times. A read whose answer changes slowly may also be reused for a few seconds after.

/** How long an answer is handed out again after it came, and which answers may be (a failure never is). */
export interface Reuse<T> {
  forMs: number;
  when: (answer: T) => boolean;
}

/** `work`, called at most once at a time per key; callers asking while it runs (or within `reuse`) get the same promise. */
export function sharedInFlight<A extends unknown[], T>(
  keyOf: (...args: A) => string,
  work: (...args: A) => Promise<T>,
  reuse?: Reuse<T>,
): (...args: A) => Promise<T> {
  const shared = new Map<string, Promise<T>>();
  const forget = (key: string, made: Promise<T>) => {
    if (shared.get(key) === made) shared.delete(key);
  };
  return (...args: A) => {
    const key = keyOf(...args);
    const running = shared.get(key);
    if (running) return running;
    const made = work(...args);
    shared.set(key, made);
    made.then(
      (answer) => {
        if (reuse?.when(answer)) setTimeout(() => forget(key, made), reuse.forMs).unref();
        else forget(key, made);
      },
      () => forget(key, made),
    );
    return made;
  };
}
