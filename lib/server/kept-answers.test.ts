import { describe, expect, it } from 'vitest';
import { KeptAnswers, type KeptAnswer } from './kept-answers';

const answer = (text: string): KeptAnswer => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: Buffer.from(text) });

/** Answers kept for 1,000 ms on a clock the test moves by hand. */
function keptOnClock(maxBytes = 1024) {
  let t = 1000;
  return { kept: new KeptAnswers(1000, maxBytes, () => t), pass: (ms: number) => (t += ms) };
}

describe('KeptAnswers', () => {
  it('gives an answer back within the keeping time and not after it', () => {
    const { kept, pass } = keptOnClock();
    kept.keep('a', answer('one'));
    pass(999);
    expect(kept.get('a')?.body.toString()).toBe('one');
    pass(1);
    expect(kept.get('a')).toBeNull();
    expect(kept.size).toBe(0);
    expect(kept.keptBytes).toBe(0);
  });

  it('keeps the newer answer for a key, counted once', () => {
    const { kept, pass } = keptOnClock();
    kept.keep('a', answer('one'));
    pass(600);
    kept.keep('a', answer('three'));
    pass(600);
    expect(kept.get('a')?.body.toString()).toBe('three');
    expect(kept.keptBytes).toBe(5);
  });

  it('lets the oldest answers go when the bytes would pass the bound, and never keeps one larger than it', () => {
    const { kept } = keptOnClock(10);
    kept.keep('a', answer('aaaa'));
    kept.keep('b', answer('bbbb'));
    kept.keep('c', answer('cccc'));
    expect(kept.get('a')).toBeNull();
    expect(kept.get('b')?.body.toString()).toBe('bbbb');
    expect(kept.get('c')?.body.toString()).toBe('cccc');
    expect(kept.keptBytes).toBe(8);
    kept.keep('big', answer('x'.repeat(11)));
    expect(kept.get('big')).toBeNull();
    expect(kept.keptBytes).toBe(8);
  });

  it('sweeps what has expired and keeps the rest', () => {
    const { kept, pass } = keptOnClock();
    kept.keep('a', answer('a'));
    pass(500);
    kept.keep('b', answer('b'));
    pass(500);
    kept.sweep();
    expect(kept.size).toBe(1);
    expect(kept.get('b')?.body.toString()).toBe('b');
  });

  it('forgets everything at once', () => {
    const { kept } = keptOnClock();
    kept.keep('a', answer('a'));
    kept.keep('b', answer('b'));
    kept.clear();
    expect(kept.get('a')).toBeNull();
    expect(kept.keptBytes).toBe(0);
  });
});
