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

/**
 * A run that reports as it goes (`emit`) and may be stopped (`signal`), shared by everyone who asks while it runs:
 * a newcomer first gets the latest event of each kind so far (`kindOf`), then the rest as they come, and the run
 * stops only once every asker has left. Nothing is kept once it has ended: the next asker starts a new run.
 */
export function sharedRun<E, T>(
  work: (signal: AbortSignal, emit: (event: E) => void) => Promise<T>,
  kindOf: (event: E) => string,
): (signal: AbortSignal, emit: (event: E) => void) => Promise<T> {
  let current: Run<E, T> | null = null;
  const start = (): Run<E, T> => {
    const latest = new Map<string, E>();
    const listeners = new Set<(event: E) => void>();
    const stop = new AbortController();
    const result = work(stop.signal, (event) => {
      latest.set(kindOf(event), event);
      for (const listener of listeners) listener(event);
    });
    const run = { latest, listeners, stop, result };
    const end = () => {
      if (current === run) current = null;
    };
    result.then(end, end);
    return run;
  };
  return (signal, emit) => {
    current ??= start();
    const run = current;
    for (const event of run.latest.values()) emit(event);
    const listener = (event: E) => emit(event); // one entry per asker, even when two pass the same emit
    run.listeners.add(listener);
    const leave = () => {
      run.listeners.delete(listener);
      if (run.listeners.size > 0) return;
      run.stop.abort();
      if (current === run) current = null; // a stopped run is not joined: the next asker starts afresh
    };
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
    return run.result;
  };
}

/** One shared run: the latest event of each kind (replayed to newcomers), who listens, and how to stop it. */
interface Run<E, T> {
  latest: Map<string, E>;
  listeners: Set<(event: E) => void>;
  stop: AbortController;
  result: Promise<T>;
}
