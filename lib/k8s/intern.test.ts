import { describe, expect, it } from 'vitest';
import { interner, sharer } from './intern';

describe('interner', () => {
  it('gives back the value it is handed, and undefined for undefined', () => {
    const intern = interner(10);
    expect(intern('shop')).toBe('shop');
    expect(intern(JSON.parse('"shop"') as string)).toBe('shop');
    expect(intern(undefined)).toBeUndefined();
  });

  it('holds at most two generations, however many different values pass', () => {
    const intern = interner(100);
    for (let i = 0; i < 10_000; i++) intern(`pod-${i}`);
    expect(intern.size()).toBeLessThanOrEqual(200);
  });
});

describe('sharer', () => {
  it('hands out the first of two values that are the same as JSON, and a different value as itself', () => {
    const share = sharer(10);
    const first = share([{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' }]);
    const second = share([{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' }]);
    expect(second).toBe(first);
    const other = share([{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' }]);
    expect(other).not.toBe(first);
    expect(other).toEqual([{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' }]);
  });

  it('freezes what it hands out, to its leaves: a reader that changed one pod would change them all', () => {
    const labels = sharer(10)({ app: 'web', nested: { tier: 'front' } });
    expect(() => ((labels as { app: string }).app = 'db')).toThrow(TypeError);
    expect(() => ((labels.nested as { tier: string }).tier = 'back')).toThrow(TypeError);
  });

  it('holds at most two generations', () => {
    const share = sharer(50);
    for (let i = 0; i < 1_000; i++) share({ app: `web-${i}` });
    expect(share.size()).toBeLessThanOrEqual(100);
  });
});
