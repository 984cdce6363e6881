import { AsyncLocalStorage } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedInFlight, sharedRun } from './shared-in-flight';

/** A promise settled by hand, and how many times the work was started. */
function manual() {
  const started: Array<{ key: string; resolve: (v: string) => void; reject: (e: Error) => void }> = [];
  const work = (key: string) =>
    new Promise<string>((resolve, reject) => {
      started.push({ key, resolve, reject });
    });
  return { started, work };
}

describe('sharedInFlight', () => {
  it('makes one call for the callers that ask while it runs, and they all get its answer', async () => {
    const { started, work } = manual();
    const read = sharedInFlight((key: string) => key, work);
    const answers = Promise.all([read('a'), read('a'), read('a')]);
    expect(started).toHaveLength(1);
    started[0]!.resolve('answer');
    expect(await answers).toEqual(['answer', 'answer', 'answer']);
  });

  it('asks again once the call has settled: an answer is never older than one round trip', async () => {
    const { started, work } = manual();
    const read = sharedInFlight((key: string) => key, work);
    const first = read('a');
    started[0]!.resolve('first');
    await first;
    const second = read('a');
    expect(started).toHaveLength(2);
    started[1]!.resolve('second');
    expect(await second).toBe('second');
  });

  it('shares a failure with the callers waiting on it, and does not keep it', async () => {
    const { started, work } = manual();
    const read = sharedInFlight((key: string) => key, work);
    const both = Promise.allSettled([read('a'), read('a')]);
    started[0]!.reject(new Error('refused'));
    expect((await both).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    void read('a');
    expect(started).toHaveLength(2);
  });

  it('keeps different keys apart', () => {
    const { started, work } = manual();
    const read = sharedInFlight((key: string) => key, work);
    void read('a');
    void read('b');
    expect(started.map((s) => s.key)).toEqual(['a', 'b']);
  });
});

describe('sharedInFlight, for askers who leave', () => {
  /** A read that waits for its stop: how many were started, and the signal each got. */
  function stoppable() {
    const signals: AbortSignal[] = [];
    const work = (_key: string, signal: AbortSignal) =>
      new Promise<string>((_resolve, reject) => {
        signals.push(signal);
        signal.addEventListener('abort', () => reject(signal.reason as Error));
      });
    return { signals, work };
  }

  it('goes on while one asker is left', () => {
    const { signals, work } = stoppable();
    const read = sharedInFlight((key: string) => key, work);
    const [first, second] = [new AbortController(), new AbortController()];
    void read('a', first.signal).catch(() => undefined);
    void read('a', second.signal).catch(() => undefined);
    first.abort();
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
  });

  it('stops once every asker has left, and the next asker starts afresh', async () => {
    const { signals, work } = stoppable();
    const read = sharedInFlight((key: string) => key, work);
    const [first, second] = [new AbortController(), new AbortController()];
    const answers = Promise.allSettled([read('a', first.signal), read('a', second.signal)]);
    first.abort();
    expect(signals[0]!.aborted).toBe(false);
    second.abort(new Error('the browser left'));
    expect(signals[0]!.aborted).toBe(true);
    expect((await answers).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    void read('a', new AbortController().signal).catch(() => undefined);
    expect(signals).toHaveLength(2);
    expect(signals[1]!.aborted).toBe(false);
  });

  it('goes on while an asker without a signal waits', () => {
    const { signals, work } = stoppable();
    const read = sharedInFlight((key: string) => key, work);
    const leaving = new AbortController();
    void read('a', leaving.signal).catch(() => undefined);
    void read('a').catch(() => undefined);
    leaving.abort();
    expect(signals[0]!.aborted).toBe(false);
  });

  it('keeps an answer that came, whoever leaves after', async () => {
    const { started, work } = manual();
    const read = sharedInFlight((key: string) => key, work, { forMs: 5000, when: () => true });
    const leaving = new AbortController();
    const first = read('a', leaving.signal);
    started[0]!.resolve('answer');
    await first;
    leaving.abort();
    expect(await read('a', new AbortController().signal)).toBe('answer');
    expect(started).toHaveLength(1);
  });
});

describe('sharedInFlight with reuse', () => {
  const reuse = { forMs: 5000, when: (answer: string) => answer !== 'failed' };

  it('hands the same answer out for forMs after it came, then asks again', async () => {
    vi.useFakeTimers();
    try {
      const { started, work } = manual();
      const read = sharedInFlight((key: string) => key, work, reuse);
      const first = read('a');
      started[0]!.resolve('first');
      await first;
      vi.advanceTimersByTime(4999);
      expect(await read('a')).toBe('first');
      expect(started).toHaveLength(1);
      vi.advanceTimersByTime(1);
      void read('a');
      expect(started).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks again at once after an answer `when` refuses, and after a failure', async () => {
    const { started, work } = manual();
    const read = sharedInFlight((key: string) => key, work, reuse);
    const refused = read('a');
    started[0]!.resolve('failed');
    await refused;
    const failing = read('a');
    expect(started).toHaveLength(2);
    started[1]!.reject(new Error('refused'));
    await expect(failing).rejects.toThrow('refused');
    void read('a');
    expect(started).toHaveLength(3);
  });
});

describe('sharedInFlight with reuse while a fresh answer is read', () => {
  const reuse = { forMs: 5000, staleForMs: 5000, when: (answer: string) => answer !== 'failed' };
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A shared read whose first answer ("first") has come, and the reads it started. */
  async function answeredOnce() {
    const { started, work } = manual();
    const read = sharedInFlight((key: string) => key, work, reuse);
    const first = read('a');
    started[0]!.resolve('first');
    await first;
    return { started, read };
  }

  it('hands the kept answer out past forMs while one fresh read runs, then the fresh one', async () => {
    const { started, read } = await answeredOnce();
    vi.advanceTimersByTime(5000);
    expect(await read('a')).toBe('first');
    expect(await read('a')).toBe('first');
    expect(started).toHaveLength(2);
    started[1]!.resolve('second');
    await vi.advanceTimersByTimeAsync(0);
    expect(await read('a')).toBe('second');
    expect(started).toHaveLength(2);
  });

  it('keeps the answer when the fresh read fails or is refused, and the next asker tries again', async () => {
    const { started, read } = await answeredOnce();
    vi.advanceTimersByTime(5000);
    expect(await read('a')).toBe('first');
    started[1]!.reject(new Error('unreachable'));
    await vi.advanceTimersByTimeAsync(0);
    expect(await read('a')).toBe('first');
    started[2]!.resolve('failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(await read('a')).toBe('first');
    expect(started).toHaveLength(4);
  });

  it('waits for a fresh answer once forMs and staleForMs have passed with nobody asking', async () => {
    const { started, read } = await answeredOnce();
    vi.advanceTimersByTime(10_000);
    const second = read('a');
    expect(started).toHaveLength(2);
    started[1]!.resolve('second');
    expect(await second).toBe('second');
  });
});

describe('sharedInFlight, for the memory of the request that first asked', () => {
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;

  it('keeps its answer without keeping what that request held (its async context)', async () => {
    const reuse = { forMs: 60_000, staleForMs: 60_000, when: () => true };
    const read = sharedInFlight(
      (key: string) => key,
      async (key: string) => `answer for ${key}`,
      reuse,
    );
    const request = new AsyncLocalStorage<{ response: object }>();
    let response: WeakRef<object> | undefined;
    await request.run({ response: {} }, async () => {
      response = new WeakRef(request.getStore()!.response);
      expect(await read('a')).toBe('answer for a');
    });
    await new Promise((r) => setImmediate(r));
    collectGarbage();
    expect(response!.deref()).toBeUndefined();
    expect(await read('a')).toBe('answer for a');
  });

  it('lets an answer nobody asks for again go once it is too old, as later calls pass', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    let answer: WeakRef<object>;
    try {
      const reuse = { forMs: 5000, staleForMs: 5000, when: () => true };
      const read = sharedInFlight(
        (key: string) => key,
        async (key: string) => ({ key }),
        reuse,
      );
      answer = new WeakRef(await read('a'));
      vi.advanceTimersByTime(10_000);
      await read('b');
    } finally {
      vi.useRealTimers();
    }
    await new Promise((r) => setImmediate(r)); // a WeakRef holds its target until the turn it was made in ends
    collectGarbage();
    expect(answer!.deref()).toBeUndefined();
  });
});

/** A run that emits and settles by hand: each start's key, emit, signal and settling. */
function manualRun() {
  const runs: Array<{ key: string; emit: (e: string) => void; signal: AbortSignal; resolve: (v: string) => void }> = [];
  const work = (key: string, signal: AbortSignal, emit: (e: string) => void) =>
    new Promise<string>((resolve) => {
      runs.push({ key, emit, signal, resolve });
    });
  return { runs, work };
}

const never = () => new AbortController().signal;

describe('sharedRun', () => {
  it('is one run for whoever asks while it runs; a newcomer gets the latest event of each kind, then the rest', async () => {
    const { runs, work } = manualRun();
    const run = sharedRun(work, (e: string) => e.split(' ')[0]!);
    const first: string[] = [];
    const second: string[] = [];
    const one = run('k', never(), (e) => first.push(e));
    runs[0]!.emit('started');
    runs[0]!.emit('progress 1');
    runs[0]!.emit('progress 2');
    const two = run('k', never(), (e) => second.push(e));
    runs[0]!.emit('done');
    runs[0]!.resolve('outcome');
    expect(runs).toHaveLength(1);
    expect(await Promise.all([one, two])).toEqual(['outcome', 'outcome']);
    expect(first).toEqual(['started', 'progress 1', 'progress 2', 'done']);
    expect(second).toEqual(['started', 'progress 2', 'done']);
  });

  it('hands a newcomer every event of a kind it keeps whole, in order', () => {
    const { runs, work } = manualRun();
    const run = sharedRun(work, (e: string) => (e.startsWith('log') ? null : e.split(' ')[0]!));
    void run('k', never(), () => {});
    runs[0]!.emit('log a');
    runs[0]!.emit('run 1');
    runs[0]!.emit('log b');
    runs[0]!.emit('run 2');
    const heard: string[] = [];
    void run('k', never(), (e) => heard.push(e));
    expect(heard).toEqual(['log a', 'run 2', 'log b']);
  });

  it('runs one per key', () => {
    const { runs, work } = manualRun();
    const run = sharedRun(work, (e: string) => e);
    void run('a', never(), () => {});
    void run('b', never(), () => {});
    void run('a', never(), () => {});
    expect(runs.map((r) => r.key)).toEqual(['a', 'b']);
  });

  it('goes on while one asker is left, and stops when the last one leaves', () => {
    const { runs, work } = manualRun();
    const run = sharedRun(work, (e: string) => e);
    const a = new AbortController();
    const b = new AbortController();
    const heardByA: string[] = [];
    void run('k', a.signal, (e) => heardByA.push(e));
    void run('k', b.signal, () => {});
    a.abort();
    runs[0]!.emit('progress');
    expect(runs[0]!.signal.aborted).toBe(false);
    expect(heardByA).toEqual([]); // who left hears nothing more
    b.abort();
    expect(runs[0]!.signal.aborted).toBe(true);
    void run('k', never(), () => {}); // a stopped run is not joined
    expect(runs).toHaveLength(2);
  });

  it('starts a new run for whoever asks after one has ended: nothing is reused without an interval', async () => {
    const { runs, work } = manualRun();
    const run = sharedRun(work, (e: string) => e);
    const first = run('k', never(), () => {});
    runs[0]!.emit('done');
    runs[0]!.resolve('first');
    await first;
    const heard: string[] = [];
    const second = run('k', never(), (e) => heard.push(e));
    expect(runs).toHaveLength(2);
    expect(heard).toEqual([]);
    runs[1]!.resolve('second');
    expect(await second).toBe('second');
  });
});

describe('sharedRun with a minimum interval between starts', () => {
  /** A run shared with a 10 s interval on a clock the test moves (timers are vitest's fake ones). */
  function onClock() {
    vi.useFakeTimers();
    const { runs, work } = manualRun();
    const run = sharedRun(work, (e: string) => e.split(' ')[0]!, { minIntervalMs: () => 10_000, now: () => Date.now() });
    return { runs, run };
  }
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not stop a run its askers have all left before the interval has passed, and stops it then', async () => {
    const { runs, run } = onClock();
    for (let i = 0; i < 40; i++) {
      const hangUp = new AbortController();
      void run('k', hangUp.signal, () => {});
      hangUp.abort();
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(runs).toHaveLength(1);
    expect(runs[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs[0]!.signal.aborted).toBe(true);
  });

  it('hands a run that ended within the interval to late-comers, events and result, and starts anew after it', async () => {
    const { runs, run } = onClock();
    const first = run('k', never(), () => {});
    runs[0]!.emit('started');
    runs[0]!.emit('progress 1');
    runs[0]!.emit('done');
    runs[0]!.resolve('first');
    await first;
    await vi.advanceTimersByTimeAsync(5_000);
    const heard: string[] = [];
    expect(await run('k', never(), (e) => heard.push(e))).toBe('first');
    expect(heard).toEqual(['started', 'progress 1', 'done']);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    void run('k', never(), () => {});
    expect(runs).toHaveLength(2);
  });

  it('keeps a failed run for the interval too', async () => {
    vi.useFakeTimers();
    let starts = 0;
    const run = sharedRun(
      async () => {
        starts++;
        throw new Error('Prometheus is down');
      },
      (e: string) => e,
      { minIntervalMs: () => 10_000, now: () => Date.now() },
    );
    await expect(run('k', never(), () => {})).rejects.toThrow('down');
    await expect(run('k', never(), () => {})).rejects.toThrow('down');
    expect(starts).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(run('k', never(), () => {})).rejects.toThrow('down');
    expect(starts).toBe(2);
  });

  it('stops a run past its interval as soon as its last asker leaves', async () => {
    const { runs, run } = onClock();
    const asker = new AbortController();
    void run('k', asker.signal, () => {});
    await vi.advanceTimersByTimeAsync(12_000);
    expect(runs[0]!.signal.aborted).toBe(false);
    asker.abort();
    expect(runs[0]!.signal.aborted).toBe(true);
  });
});
