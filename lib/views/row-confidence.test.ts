// A workload's 28 days are read once while in flight and kept a little: per cluster, since two clusters' workloads of
// the same name are two workloads with their own samples.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCluster } from './__fixtures__/clusters';

// Prometheus stood in for: each read of a workload's samples counted, none of them with a sample.
const reads = vi.hoisted(() => ({ workloads: 0 }));
vi.mock('@/lib/prometheus/snapshot-samples', () => ({
  readWorkloadSamples: async () => {
    reads.workloads++;
  },
}));

const { readWorkloadConfidenceShared } = await import('./row-confidence');

beforeEach(() => (reads.workloads = 0));

describe('readWorkloadConfidenceShared', () => {
  it("reads the same namespace and workload of two clusters twice: one cluster's figures are never another's", async () => {
    const [prd, stg] = [fakeCluster('prd-a'), fakeCluster('stg-a')];
    const answers = await Promise.all([prd, stg].map((c) => readWorkloadConfidenceShared(c, 'shop', 'kafka', ['broker'])));
    expect(reads.workloads).toBe(2);
    for (const answer of answers) expect(answer).toEqual({ ok: true, value: { containers: { broker: null } } });
  });

  it('reads a workload once for everyone asking in the same cluster', async () => {
    const prd = fakeCluster('prd-b');
    await Promise.all([0, 1].map(() => readWorkloadConfidenceShared(prd, 'shop', 'kafka', ['broker'])));
    expect(reads.workloads).toBe(1);
  });
});
