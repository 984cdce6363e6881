import { describe, expect, it } from 'vitest';
import { runOverlapped } from './overlap';

/** A request whose first byte and end the test releases by hand. */
interface Held {
  item: number;
  signal: AbortSignal;
  answer: () => void;
  end: (error?: Error) => void;
}

function harness() {
  const held: Held[] = [];
  const events: string[] = [];
  const run = (item: number, answering: () => void, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      events.push(`start ${item}`);
      signal.addEventListener('abort', () => reject(new Error(`stopped ${item}`)), { once: true });
      held.push({
        item,
        signal,
        answer: answering,
        end: (error) => (error ? reject(error) : resolve()),
      });
    });
  return { held, events, run };
}

const turn = () => new Promise((r) => setTimeout(r, 0));

describe('runOverlapped', () => {
  it('starts the next request at an answer’s first byte, not at its end', async () => {
    const { held, events, run } = harness();
    const done = runOverlapped([1, 2, 3, 4, 5], { computing: 2, inFlight: 3 }, run);
    await turn();
    expect(events).toEqual(['start 1', 'start 2']);
    held[0]!.answer(); // 1 is being read: Prometheus may compute another
    await turn();
    expect(events).toEqual(['start 1', 'start 2', 'start 3']);
    held[1]!.answer(); // two being read, one computing: three open, the most allowed
    await turn();
    expect(events).toHaveLength(3);
    held[0]!.end();
    await turn();
    expect(events).toEqual(['start 1', 'start 2', 'start 3', 'start 4']);
    for (const h of held.slice(1)) {
      h.answer();
      h.end();
    }
    await turn();
    expect(events.at(-1)).toBe('start 5');
    held[4]!.answer();
    held[4]!.end();
    await done;
  });

  it('ends a request that never said it was answered as if it had', async () => {
    const { held, events, run } = harness();
    const done = runOverlapped([1, 2, 3], { computing: 1, inFlight: 2 }, run);
    await turn();
    held[0]!.end(); // an empty answer: no byte was reported
    await turn();
    expect(events).toEqual(['start 1', 'start 2']);
    held[1]!.answer();
    await turn();
    expect(events).toEqual(['start 1', 'start 2', 'start 3']);
    held[1]!.end();
    held[2]!.end();
    await done;
  });

  it('on a failure starts nothing more, stops the open requests, and throws that failure', async () => {
    const { held, events, run } = harness();
    const done = runOverlapped([1, 2, 3, 4], { computing: 2, inFlight: 2 }, run);
    await turn();
    held[0]!.end(new Error('Prometheus refused'));
    await expect(done).rejects.toThrow('Prometheus refused');
    expect(events).toEqual(['start 1', 'start 2']);
    expect(held[1]!.signal.aborted).toBe(true);
  });

  it('follows the caller’s stop', async () => {
    const { held, events, run } = harness();
    const stop = new AbortController();
    const done = runOverlapped([1, 2, 3], { computing: 1, inFlight: 1 }, run, stop.signal);
    await turn();
    stop.abort();
    await expect(done).rejects.toThrow('stopped 1');
    expect(events).toEqual(['start 1']);
    expect(held).toHaveLength(1);
  });
});
