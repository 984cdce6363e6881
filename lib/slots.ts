// At most a few costly runs at once (the diff's worker threads): the rest wait their turn in a bounded queue, and a
// request that finds the queue full is refused at once rather than holding memory while it waits. Pure: no timers;
// the caller's signal says when a waiter gives up.

/** Gives a slot back. Calling it again does nothing, so every way a run can end may call it. */
export type Release = () => void;

/** Thrown by `take` when every slot is in use and the queue is full. */
export class SlotsFull extends Error {
  constructor() {
    super('every slot is in use and the queue is full');
    this.name = 'SlotsFull';
  }
}

export interface Slots {
  /**
   * A slot, now or once one is given back (first come, first served). Rejects with SlotsFull when `waiting` others
   * already wait, and with the signal's reason when it aborts first (the waiter leaves the queue).
   */
  take(signal: AbortSignal): Promise<Release>;
  /** Slots in use and waiters, for tests and metrics. */
  readonly inUse: number;
  readonly queued: number;
}

interface Waiter {
  grant: (release: Release) => void;
}

export function slots(running: number, waiting: number): Slots {
  let inUse = 0;
  const queue: Waiter[] = [];
  const releaseOne = (): Release => {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = queue.shift();
      if (next) next.grant(releaseOne());
      else inUse--;
    };
  };
  const take = (signal: AbortSignal): Promise<Release> => {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (inUse < running) {
      inUse++;
      return Promise.resolve(releaseOne());
    }
    if (queue.length >= waiting) return Promise.reject(new SlotsFull());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: (release) => {
          signal.removeEventListener('abort', leave);
          resolve(release);
        },
      };
      const leave = () => {
        queue.splice(queue.indexOf(waiter), 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', leave, { once: true });
      queue.push(waiter);
    });
  };
  return {
    take,
    get inUse() {
      return inUse;
    },
    get queued() {
      return queue.length;
    },
  };
}
