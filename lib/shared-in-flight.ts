// When a team opens the same pod in an incident, fifty requests ask the same question within one round trip. Each
// read wrapped here is made once per key while it is in flight: the requests that arrive meanwhile share its answer
// (or its failure), so each still gets an answer no older than one round trip, and the cluster and Prometheus are
// asked once instead of fifty times. A read whose answer changes slowly may also be reused for a few seconds after.

/**
 * How long an answer is handed out again after it came, and which answers may be (a failure never is). With
 * `staleForMs`, it is handed out that much longer still, while a fresh one is read: the first asker after `forMs`
 * starts the read and gets the kept answer at once, as everyone does until the fresh one comes and replaces it.
 */
export interface Reuse<T> {
  forMs: number;
  when: (answer: T) => boolean;
  staleForMs?: number;
}

interface Kept<T> {
  answer: Promise<T>;
  /** When its answer came and could be handed out again (performance.now()); null while it is being read. */
  cameAt: number | null;
  refreshing: boolean;
  /** While it is read: who waits for it (an asker without a signal never leaves), and what stops it. */
  reading?: { askers: number; stop: AbortController };
}

/**
 * `work`, called at most once at a time per key; callers asking while it runs (or within `reuse`) get the same promise.
 *
 * An asker may pass the signal of the request it serves last: `work` gets, last, a signal that fires once every asker
 * sharing it has left (a page the browser closed), so a read nobody waits for stops; one who stays keeps it going.
 * An answer that came is kept whoever left, and a fresh read behind a kept answer is nobody's to stop.
 *
 * An answer's age is read from the clock when someone asks, never kept by a timer: a timer started while a request is
 * being answered holds that request's async context (Next's stores, the response and its buffers) until it fires, and
 * the ten minutes a Prometheus window is kept held hundreds of answered pages in memory.
 */
export function sharedInFlight<A extends unknown[], T>(
  keyOf: (...args: A) => string,
  work: (...args: [...A, AbortSignal]) => Promise<T>,
  reuse?: Reuse<T>,
): (...args: [...A, AbortSignal?]) => Promise<T> {
  const shared = new Map<string, Kept<T>>();
  const now = () => performance.now();
  const forget = (key: string, kept: Kept<T>) => {
    if (shared.get(key) === kept) shared.delete(key);
  };
  const keptFor = () => (reuse ? reuse.forMs + (reuse.staleForMs ?? 0) : 0);
  // answers nobody asked for again are let go as later calls pass, at most once per forMs
  let sweptAt = now();
  const sweep = () => {
    if (!reuse || now() - sweptAt < reuse.forMs) return;
    sweptAt = now();
    for (const [key, kept] of shared) if (kept.cameAt !== null && sweptAt - kept.cameAt >= keptFor()) shared.delete(key);
  };
  const keep = (key: string, kept: Kept<T>) => {
    shared.set(key, kept);
    kept.answer.then(
      (answer) => (reuse?.when(answer) ? (kept.cameAt = now()) : forget(key, kept)),
      () => forget(key, kept),
    );
  };
  const refresh = (key: string, kept: Kept<T>, args: A) => {
    kept.refreshing = true;
    const made = work(...args, new AbortController().signal);
    const done = () => {
      kept.refreshing = false;
    };
    // a fresh answer replaces the kept one; a failure or a refused answer leaves it, and the next asker tries again
    made.then((answer) => (reuse?.when(answer) ? keep(key, { answer: made, cameAt: now(), refreshing: false }) : done()), done);
  };
  const join = (key: string, kept: Kept<T>, signal: AbortSignal | undefined) => {
    const reading = kept.reading!;
    reading.askers++;
    if (!signal) return;
    const leave = () => {
      if (--reading.askers > 0 || kept.cameAt !== null) return;
      forget(key, kept); // a stopped read is not joined: the next asker starts afresh
      reading.stop.abort(signal.reason);
    };
    if (signal.aborted) return leave();
    signal.addEventListener('abort', leave, { once: true });
    const off = () => signal.removeEventListener('abort', leave);
    kept.answer.then(off, off);
  };
  return (...asked: [...A, AbortSignal?]) => {
    const last = asked.at(-1);
    const signal = last instanceof AbortSignal ? last : undefined;
    const args = (signal ? asked.slice(0, -1) : asked) as A;
    sweep();
    const key = keyOf(...args);
    const kept = shared.get(key);
    if (kept) {
      if (kept.cameAt === null) {
        join(key, kept, signal); // still being read
        return kept.answer;
      }
      const age = now() - kept.cameAt;
      if (age < keptFor()) {
        if (age >= reuse!.forMs && !kept.refreshing) refresh(key, kept, args);
        return kept.answer;
      }
    }
    const stop = new AbortController();
    const made: Kept<T> = { answer: work(...args, stop.signal), cameAt: null, refreshing: false, reading: { askers: 0, stop } };
    keep(key, made);
    join(key, made, signal);
    return made.answer;
  };
}

/** How long after its start a run is kept (`minIntervalMs`) and the clock that measures it. */
export interface RunInterval {
  minIntervalMs: () => number;
  now: () => number;
}

/**
 * A run that reports as it goes (`emit`) and may be stopped (`signal`), one per key, shared by everyone who asks for
 * that key: a newcomer first gets the events so far (of each kind `kindOf` names only the latest; an event of kind
 * null is kept with all the others of its kind), then the rest as they come.
 *
 * The rule, with an interval: runs start at most once per interval per key. Whoever asks within the interval after a
 * run started gets that run, running or ended (its events and its result, failure included). A run is stopped once
 * every asker has left, but not before its interval has passed: connecting and hanging up cannot start runs more often
 * than one per interval, and a run nobody listens to any more ends at its interval's end at the latest. After the
 * interval, an ended run is forgotten and the next asker starts a new one. Without an interval (0) a run is stopped as
 * soon as its last asker leaves and nothing is kept once it has ended.
 */
export function sharedRun<E, T>(
  work: (key: string, signal: AbortSignal, emit: (event: E) => void) => Promise<T>,
  kindOf: (event: E) => string | null,
  interval: RunInterval = { minIntervalMs: () => 0, now: () => performance.now() },
): (key: string, signal: AbortSignal, emit: (event: E) => void) => Promise<T> {
  const runs = new Map<string, Run<E, T>>();
  const intervalLeft = (run: Run<E, T>) => run.startedAt + run.intervalMs - interval.now();
  const forget = (key: string, run: Run<E, T>) => {
    if (runs.get(key) === run) runs.delete(key);
  };
  const start = (key: string): Run<E, T> => {
    const events = new Map<string, E>();
    let kept = 0;
    const listeners = new Set<(event: E) => void>();
    const stop = new AbortController();
    const startedAt = interval.now();
    const result = work(key, stop.signal, (event) => {
      const kind = kindOf(event);
      events.set(kind === null ? `#${kept++}` : `=${kind}`, event);
      for (const listener of listeners) listener(event);
    });
    const run: Run<E, T> = { events, listeners, stop, result, ended: false, startedAt, intervalMs: interval.minIntervalMs() };
    const end = () => {
      run.ended = true;
      const left = intervalLeft(run);
      if (left <= 0 || stop.signal.aborted) forget(key, run);
      else setTimeout(() => forget(key, run), left).unref();
    };
    run.result.then(end, end);
    return run;
  };
  const stopUnheard = (key: string, run: Run<E, T>) => {
    if (run.listeners.size > 0 || run.ended) return;
    const left = intervalLeft(run);
    if (left > 0) return void setTimeout(() => stopUnheard(key, run), left).unref();
    run.stop.abort();
    forget(key, run); // a stopped run is not joined: the next asker starts afresh
  };
  return (key, signal, emit) => {
    let run = runs.get(key);
    if (!run || (run.ended && intervalLeft(run) <= 0)) {
      run = start(key);
      runs.set(key, run);
    }
    for (const event of run.events.values()) emit(event);
    if (run.ended) return run.result;
    const listener = (event: E) => emit(event); // one entry per asker, even when two pass the same emit
    run.listeners.add(listener);
    const joined = run;
    const leave = () => {
      joined.listeners.delete(listener);
      stopUnheard(key, joined);
    };
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
    return run.result;
  };
}

/** One shared run: the events so far (replayed to newcomers), who listens, how to stop it, and when it started. */
interface Run<E, T> {
  events: Map<string, E>;
  listeners: Set<(event: E) => void>;
  stop: AbortController;
  result: Promise<T>;
  ended: boolean;
  startedAt: number;
  intervalMs: number;
}
