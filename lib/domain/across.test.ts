import { describe, expect, it } from 'vitest';
import { clustersSeen, hereFirst, otherClustersFor } from './across';
import { EVERYTHING, NOTHING, type Rights } from './rights';

const prd = { name: 'prd' };
const stage = { name: 'stage' };
const dev = { name: 'dev' };
const all = [prd, stage, dev];
const shopOnly: Rights = { pods: ['shop'], table: true, kyvernoLogs: false, audit: false };
const paymentsOnly: Rights = { pods: ['payments'], table: false, kyvernoLogs: false, audit: false };

describe('clusters across', () => {
  it('read only the clusters the person sees, in the configured order, each with their rights there', () => {
    const seen = clustersSeen(all, { dev: EVERYTHING, prd: shopOnly, stage: NOTHING });
    expect(seen.map((c) => [c.cluster.name, c.rights])).toEqual([
      ['prd', shopOnly],
      ['dev', EVERYTHING],
    ]);
  });

  it('leave out a cluster whose rights are unknown, or that the gate did not name', () => {
    expect(clustersSeen(all, { prd: EVERYTHING, stage: null }).map((c) => c.cluster.name)).toEqual(['prd']);
  });

  it("name a workload's other clusters only where its namespace is theirs, never the cluster it is in", () => {
    const rights = { prd: EVERYTHING, stage: shopOnly, dev: paymentsOnly };
    expect(otherClustersFor('prd', all, rights, 'shop').map((c) => c.cluster.name)).toEqual(['stage']);
    expect(otherClustersFor('stage', all, rights, 'shop').map((c) => c.cluster.name)).toEqual(['prd']);
    expect(otherClustersFor('prd', all, rights, 'payments').map((c) => c.cluster.name)).toEqual(['dev']);
    expect(otherClustersFor('prd', all, { prd: EVERYTHING, stage: null, dev: NOTHING }, 'shop')).toEqual([]);
  });

  it("put the page's cluster's items first and keep the others' order", () => {
    const items = [
      { cluster: 'prd', n: 1 },
      { cluster: 'stage', n: 2 },
      { cluster: 'dev', n: 3 },
      { cluster: 'stage', n: 4 },
    ];
    expect(hereFirst(items, 'stage').map((i) => i.n)).toEqual([2, 4, 1, 3]);
    expect(hereFirst(items, null).map((i) => i.n)).toEqual([1, 2, 3, 4]);
    expect(hereFirst(items, 'elsewhere').map((i) => i.n)).toEqual([1, 2, 3, 4]);
  });
});
