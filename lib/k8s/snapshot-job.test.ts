// A run starts only while none runs: within this process a press waits for the press before it, in its own cluster.
import { describe, expect, it } from 'vitest';
import { fakeCluster } from '@/lib/views/__fixtures__/clusters';
import { oneAtATime } from './snapshot-job';

describe('oneAtATime', () => {
  it('holds a second press in the same cluster until the first ends', async () => {
    const prd = fakeCluster('prd');
    let endFirst!: () => void;
    const order: string[] = [];
    const first = oneAtATime(prd, () => new Promise<void>((resolve) => (endFirst = resolve)).then(() => void order.push('first')));
    const second = oneAtATime(prd, async () => void order.push('second'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    endFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });

  it('never holds a press in one cluster behind a press in another', async () => {
    const prd = fakeCluster('prd');
    const stg = fakeCluster('stg');
    let endPrd!: () => void;
    const prdPress = oneAtATime(prd, () => new Promise<void>((resolve) => (endPrd = resolve)));
    // stg's press ends while prd's is still under way
    await expect(oneAtATime(stg, async () => 'stg ran')).resolves.toBe('stg ran');
    endPrd();
    await prdPress;
  });

  it('goes on after a press that failed', async () => {
    const prd = fakeCluster('prd');
    await expect(oneAtATime(prd, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(oneAtATime(prd, async () => 'next')).resolves.toBe('next');
  });
});
