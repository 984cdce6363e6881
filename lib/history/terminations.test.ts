import { describe, expect } from 'vitest';
import { it } from './__fixtures__/store';
import { countsByWorkload, listEvictions, listTerminations, recordPodFacts, requestsAtCreation, type PodFacts } from './terminations';

// The recorder's pod facts on a real store (SQLite, or PostgreSQL in the postgres group): each stored once however
// often it is written, read back per pod and per workload, and counted per workload over a window.

const Mi = 2 ** 20;
const oom = { container: 'app', reason: 'OOMKilled', exitCode: 137, at: '2026-12-01T10:00:00Z', restartCount: 1 };
const pod = (over: Partial<PodFacts> = {}): PodFacts => ({
  uid: 'uid-1',
  namespace: 'shop',
  pod: 'web-6d4f9-abcde',
  workload: 'web',
  createdAt: '2026-11-30T08:00:00Z',
  containers: [
    { name: 'migrate', request: 40 * Mi, limit: null, init: true },
    { name: 'app', request: 300 * Mi, limit: 512 * Mi },
  ],
  terminations: [],
  eviction: null,
  ...over,
});
const seen = new Date('2026-12-01T10:05:00Z');

describe('the pods’ terminations, evictions and requests at creation', () => {
  it('stores each termination once per pod, container and time, however often it is written', async ({ db }) => {
    await recordPodFacts(db, [pod({ terminations: [oom] })], seen);
    await recordPodFacts(db, [pod({ terminations: [oom, { ...oom, at: '2026-12-01T11:00:00Z', restartCount: 2 }] })], seen);
    const stored = await listTerminations(db, { uid: 'uid-1' });
    expect(stored).toEqual([
      {
        uid: 'uid-1',
        pod: 'web-6d4f9-abcde',
        container: 'app',
        reason: 'OOMKilled',
        exitCode: 137,
        at: '2026-12-01T10:00:00.000Z',
        restartCount: 1,
      },
      {
        uid: 'uid-1',
        pod: 'web-6d4f9-abcde',
        container: 'app',
        reason: 'OOMKilled',
        exitCode: 137,
        at: '2026-12-01T11:00:00.000Z',
        restartCount: 2,
      },
    ]);
  });

  it('stores an eviction once, the first message kept', async ({ db }) => {
    const eviction = { message: 'The node was low on resource: memory.', at: '2026-12-02T08:00:00Z' };
    await recordPodFacts(db, [pod({ eviction })], seen);
    await recordPodFacts(db, [pod({ eviction: { ...eviction, message: 'other' } })], seen);
    expect(await listEvictions(db, { uid: 'uid-1' })).toEqual([
      { uid: 'uid-1', pod: 'web-6d4f9-abcde', message: eviction.message, at: '2026-12-02T08:00:00.000Z' },
    ]);
  });

  it('keeps the requests a pod was created with, not a later write', async ({ db }) => {
    await recordPodFacts(db, [pod()], seen);
    await recordPodFacts(db, [pod({ containers: [{ name: 'app', request: 1, limit: 1 }] })], seen);
    const sizes = await requestsAtCreation(db, 'shop', ['web-6d4f9-abcde', 'gone']);
    expect(sizes.get('web-6d4f9-abcde')).toEqual(pod().containers);
    expect(sizes.has('gone')).toBe(false);
  });

  it('reads a workload’s ends from a time on and counts OOM kills and evictions per workload', async ({ db }) => {
    const other = pod({ uid: 'uid-2', pod: 'web-6d4f9-fghij', terminations: [{ ...oom, reason: 'Error', at: '2026-12-03T00:00:00Z' }] });
    const old = pod({ uid: 'uid-3', pod: 'web-6d4f9-klmno', terminations: [{ ...oom, at: '2026-10-01T00:00:00Z' }] });
    const evicted = pod({ uid: 'uid-4', pod: 'web-6d4f9-pqrst', eviction: { message: 'm', at: '2026-12-02T00:00:00Z' } });
    const elsewhere = pod({ uid: 'uid-5', namespace: 'orders', pod: 'checkout-1-a', workload: 'checkout', terminations: [oom] });
    await recordPodFacts(db, [pod({ terminations: [oom] }), other, old, evicted, elsewhere], seen);
    const where = { namespace: 'shop', workload: 'web', from: '2026-11-01T00:00:00Z' };
    expect((await listTerminations(db, where)).map((t) => `${t.pod} ${t.reason}`)).toEqual([
      'web-6d4f9-abcde OOMKilled',
      'web-6d4f9-fghij Error',
    ]);
    expect((await listEvictions(db, where)).map((e) => e.pod)).toEqual(['web-6d4f9-pqrst']);
    const counts = await countsByWorkload(db, '2026-11-01T00:00:00Z');
    expect(counts.get('shop/web')).toEqual({ oomKills: 1, evictions: 1 });
    expect(counts.get('orders/checkout')).toEqual({ oomKills: 1, evictions: 0 });
  });

  it('writes many pods at once, in parts under the stores’ limits', async ({ db }) => {
    const many = Array.from({ length: 450 }, (_, i) => pod({ uid: `u${i}`, pod: `web-6d4f9-${i}`, terminations: [oom] }));
    await recordPodFacts(db, many, seen);
    expect((await countsByWorkload(db, '2026-11-01T00:00:00Z')).get('shop/web')).toEqual({ oomKills: 450, evictions: 0 });
    expect(
      (
        await requestsAtCreation(
          db,
          'shop',
          many.map((p) => p.pod),
        )
      ).size,
    ).toBe(450);
  });
});
