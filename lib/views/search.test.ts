// The Ctrl/Cmd-K search across clusters: which clusters are asked, with which rights, and a cluster that does not
// answer failing on its own line within the deadline. The pod search itself (findPods) is each cluster's as today:
// stood in for by the fixtures' pods cut with the rule it uses (lib/domain/rights.ts visible).
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { EVERYTHING, NOTHING, visible, type Rights } from '@/lib/domain/rights';
import type { PodSummary } from './pods-types';
import { fakeCluster } from './__fixtures__/clusters';

const asked = vi.hoisted(() => ({ clusters: [] as string[], hang: new Set<string>(), fail: new Set<string>() }));

const shopWeb: PodSummary = {
  namespace: 'shop',
  name: 'web-1',
  phase: 'Running',
  createdAt: null,
  workload: { kind: 'Deployment', name: 'web' },
};
const ledger: PodSummary = { namespace: 'payments', name: 'ledger-1', phase: 'Running', createdAt: null, workload: null };

vi.mock('./pods', () => ({
  findPods: async (cluster: { name: string }, search: { limit: number }, rights: Rights) => {
    asked.clusters.push(cluster.name);
    if (asked.hang.has(cluster.name)) return new Promise(() => {});
    if (asked.fail.has(cluster.name)) throw new AppError('unreachable', `The API server of ${cluster.name} did not answer`);
    const seen = visible(rights, [shopWeb, ledger], (p) => p.namespace);
    return { pods: seen.slice(0, search.limit), total: seen.length };
  },
}));

const { searchEveryCluster } = await import('./search');

const [prd, stage, dev] = ['prd', 'stage', 'dev'].map((name) => fakeCluster(name));
const every = [prd!, stage!, dev!];
const shopOnly: Rights = { pods: ['shop'], table: false, kyvernoLogs: false, audit: false };
const search = { name: 'web', limit: 20 };

describe('searchEveryCluster', () => {
  it('asks only the clusters the person reads, each cut to their rights there, each pod naming its cluster', async () => {
    asked.clusters = [];
    const answer = await searchEveryCluster(every, search, { prd: EVERYTHING, stage: shopOnly, dev: NOTHING });
    expect(asked.clusters).toEqual(['prd', 'stage']);
    expect(answer.pods.map((p) => `${p.cluster}:${p.namespace}/${p.name}`)).toEqual([
      'prd:shop/web-1',
      'prd:payments/ledger-1',
      'stage:shop/web-1',
    ]);
    expect(answer.clusters).toEqual([
      { cluster: 'prd', total: 2 },
      { cluster: 'stage', total: 1 },
    ]);
  });

  it('never names a cluster whose rights are unknown', async () => {
    asked.clusters = [];
    const answer = await searchEveryCluster(every, search, { prd: shopOnly, stage: null });
    expect(asked.clusters).toEqual(['prd']);
    expect(answer.clusters.map((c) => c.cluster)).toEqual(['prd']);
    expect(JSON.stringify(answer)).not.toContain('stage');
  });

  it('caps each cluster at the limit, not the whole answer', async () => {
    const answer = await searchEveryCluster(every, { limit: 1 }, { prd: EVERYTHING, stage: EVERYTHING });
    expect(answer.pods.map((p) => p.cluster)).toEqual(['prd', 'stage']);
    expect(answer.clusters).toEqual([
      { cluster: 'prd', total: 2 },
      { cluster: 'stage', total: 2 },
    ]);
  });

  it("answers within the deadline when a cluster hangs, naming it, with the others' pods", async () => {
    asked.hang = new Set(['stage']);
    const started = performance.now();
    const answer = await searchEveryCluster(every, search, { prd: shopOnly, stage: EVERYTHING }, { deadlineMs: 100 });
    asked.hang.clear();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(answer.pods.map((p) => `${p.cluster}:${p.name}`)).toEqual(['prd:web-1']);
    expect(answer.clusters).toEqual([
      { cluster: 'prd', total: 1 },
      { cluster: 'stage', error: { code: 'unreachable', message: 'Cluster stage did not answer within 0.1 s' } },
    ]);
  });

  it('names a cluster whose search failed, with why, and still answers the others', async () => {
    asked.fail = new Set(['prd']);
    const answer = await searchEveryCluster(every, search, { prd: EVERYTHING, stage: shopOnly });
    asked.fail.clear();
    expect(answer.pods.map((p) => p.cluster)).toEqual(['stage']);
    expect(answer.clusters[0]).toEqual({ cluster: 'prd', error: { code: 'unreachable', message: 'The API server of prd did not answer' } });
  });
});
