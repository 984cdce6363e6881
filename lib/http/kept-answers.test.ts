import { describe, expect, it } from 'vitest';
import { KeptAnswers, type KeptAnswer } from './kept-answers';

const answer = (text: string): KeptAnswer => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: Buffer.from(text) });

function clock() {
  let t = 1000;
  return { now: () => t, pass: (ms: number) => (t += ms) };
}

describe('KeptAnswers', () => {
  it('gives an answer back within the keeping time and not after it', () => {
    const c = clock();
    const kept = new KeptAnswers(1000, 1024, c.now);
    kept.keep('a', answer('one'));
    c.pass(999);
    expect(kept.get('a')?.body.toString()).toBe('one');
    c.pass(1);
    expect(kept.get('a')).toBeNull();
    expect(kept.size).toBe(0);
    expect(kept.keptBytes).toBe(0);
  });

  it('keeps the newer answer for a key, counted once', () => {
    const c = clock();
    const kept = new KeptAnswers(1000, 1024, c.now);
    kept.keep('a', answer('one'));
    c.pass(600);
    kept.keep('a', answer('three'));
    c.pass(600);
    expect(kept.get('a')?.body.toString()).toBe('three');
    expect(kept.keptBytes).toBe(5);
  });

  it('lets the oldest answers go when the bytes would pass the bound, and never keeps one larger than it', () => {
    const c = clock();
    const kept = new KeptAnswers(1000, 10, c.now);
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
    const c = clock();
    const kept = new KeptAnswers(1000, 1024, c.now);
    kept.keep('a', answer('a'));
    c.pass(500);
    kept.keep('b', answer('b'));
    c.pass(500);
    kept.sweep();
    expect(kept.size).toBe(1);
    expect(kept.get('b')?.body.toString()).toBe('b');
  });

  it('forgets everything at once', () => {
    const c = clock();
    const kept = new KeptAnswers(1000, 1024, c.now);
    kept.keep('a', answer('a'));
    kept.keep('b', answer('b'));
    kept.clear();
    expect(kept.get('a')).toBeNull();
    expect(kept.keptBytes).toBe(0);
  });
});
