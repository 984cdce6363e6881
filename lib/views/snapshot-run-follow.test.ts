// One follower per run, shared by everyone following it: per cluster, since two clusters' runs may share a name.
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import type { KubeClients } from '@/lib/k8s/client';
import { fakeCluster } from './__fixtures__/clusters';
import { followerOf } from './snapshot-run-follow';
import type { RunEvent } from './snapshot-run-types';

/** Clients whose read of any Job fails with the API server's answer for `cluster`. */
const clientsDown = (cluster: string, calls: string[]) => () =>
  ({
    batch: {
      readNamespacedJob: async ({ name }: { name: string }) => {
        calls.push(`${cluster}/${name}`);
        throw new AppError('unreachable', `the API server of ${cluster} did not answer`);
      },
    },
  }) as unknown as KubeClients;

describe('followerOf', () => {
  it("follows the same run name in two clusters as two runs, each with its own cluster's answers", async () => {
    const calls: string[] = [];
    const prd = fakeCluster('prd', clientsDown('prd', calls));
    const stg = fakeCluster('stg', clientsDown('stg', calls));
    const job = 'memory-snapshot-manual-20261206-0415';
    const seen = { prd: [] as RunEvent[], stg: [] as RunEvent[] };
    const signal = new AbortController().signal;
    await Promise.all([followerOf(prd, job, signal, (e) => seen.prd.push(e)), followerOf(stg, job, signal, (e) => seen.stg.push(e))]);
    expect(calls.sort()).toEqual([`prd/${job}`, `stg/${job}`]);
    expect(seen.prd).toEqual([{ type: 'error', code: 'unreachable', message: 'the API server of prd did not answer' }]);
    expect(seen.stg).toEqual([{ type: 'error', code: 'unreachable', message: 'the API server of stg did not answer' }]);
  });

  it('shares one follower among those following the same run in the same cluster', async () => {
    const calls: string[] = [];
    const prd = fakeCluster('prd', clientsDown('prd', calls));
    const signal = new AbortController().signal;
    const events: RunEvent[][] = [[], []];
    await Promise.all([0, 1].map((i) => followerOf(prd, 'memory-snapshot-1', signal, (e) => events[i]!.push(e))));
    expect(calls).toEqual(['prd/memory-snapshot-1']);
    expect(events[1]).toEqual(events[0]);
  });
});
