import { describe, expect, it } from 'vitest';
import { slots, SlotsFull, type Release } from './slots';

const open = () => new AbortController().signal;

/** Whether a promise has settled by the time the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('slots', () => {
  it('gives out `running` slots at once, queues the next ones and refuses past the queue', async () => {
    const s = slots(2, 1);
    await s.take(open());
    await s.take(open());
    const third = s.take(open());
    expect(await settled(third)).toBe(false);
    await expect(s.take(open())).rejects.toBeInstanceOf(SlotsFull);
    expect([s.inUse, s.queued]).toEqual([2, 1]);
  });

  it('hands a slot given back to the first waiter, in the order they came', async () => {
    const s = slots(1, 3);
    const release = await s.take(open());
    const order: string[] = [];
    const waiters = ['a', 'b', 'c'].map((name) => s.take(open()).then((r) => (order.push(name), r)));
    release();
    (await waiters[0]!)();
    (await waiters[1]!)();
    (await waiters[2]!)();
    expect(order).toEqual(['a', 'b', 'c']);
    expect([s.inUse, s.queued]).toEqual([0, 0]);
  });

  it('counts a slot given back twice once: a run that errors and then exits frees one slot, not two', async () => {
    const s = slots(1, 2);
    const release = await s.take(open());
    const waiter = s.take(open());
    const later = s.take(open());
    release();
    release();
    expect(await settled(waiter)).toBe(true);
    expect(await settled(later)).toBe(false);
    expect([s.inUse, s.queued]).toEqual([1, 1]);
    (await waiter)();
    (await waiter)();
    (await later)();
    expect(s.inUse).toBe(0);
  });

  it('lets a waiter whose request aborts leave the queue, with the abort as the reason, and takes no slot for it', async () => {
    const s = slots(1, 1);
    const release = await s.take(open());
    const gone = new AbortController();
    const waiter = s.take(gone.signal);
    gone.abort(new Error('client gone'));
    await expect(waiter).rejects.toThrow('client gone');
    expect(s.queued).toBe(0);
    const next = s.take(open());
    release();
    const nextRelease: Release = await next;
    expect(s.inUse).toBe(1);
    nextRelease();
    expect(s.inUse).toBe(0);
  });

  it('refuses a request already aborted without taking a slot', async () => {
    const s = slots(1, 1);
    const gone = new AbortController();
    gone.abort(new Error('gone'));
    await expect(s.take(gone.signal)).rejects.toThrow('gone');
    expect([s.inUse, s.queued]).toEqual([0, 0]);
  });

  it('frees every slot after many runs end in any order, some twice', async () => {
    const s = slots(3, 100);
    const releases = await Promise.all(Array.from({ length: 3 }, () => s.take(open())));
    const waiting = Array.from({ length: 50 }, () => s.take(open()));
    for (const release of releases) release();
    for (const next of waiting) {
      const release = await next;
      release();
      release();
    }
    expect([s.inUse, s.queued]).toEqual([0, 0]);
  });
});
