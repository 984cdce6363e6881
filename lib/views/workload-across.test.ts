// The same workload across clusters: which clusters get a column, cut to the asker's rights in each, and a cluster
// that does not answer failing its own column within the deadline. Each cluster's table and pods are stood in for by
// fixtures shaped like the real objects (a ConfigMap's rows, a Deployment's pod); Prometheus and the store by reads
// that answer nothing.
import { describe, expect, it, vi } from 'vitest';
import { pods as fixtures } from '@/lib/domain/__fixtures__/fixtures';
import { parseTable } from '@/lib/domain/table';
import { EVERYTHING, NOTHING, type Rights } from '@/lib/domain/rights';
import { fakeCluster } from './__fixtures__/clusters';

// per cluster: its table's rows and whether it has shop/web's pod (fixtures.deployment is shop/web-6c9f7d8b45-x2x9k)
const clusters = vi.hoisted(() => ({
  tables: {} as Record<string, Record<string, string>>,
  withPod: new Set<string>(),
  hang: new Set<string>(),
  read: [] as string[],
}));

vi.mock('@/lib/k8s/table', () => ({
  readTable: async (cluster: { name: string }) => {
    clusters.read.push(cluster.name);
    if (clusters.hang.has(cluster.name)) return new Promise(() => {});
    return { exists: true, parsed: parseTable(clusters.tables[cluster.name] ?? {}) };
  },
}));
vi.mock('@/lib/k8s/pods', async (actual) => ({
  ...(await actual<object>()),
  listPods: async (cluster: { name: string }) => (clusters.withPod.has(cluster.name) ? [fixtures.deployment] : []),
}));
vi.mock('./row-confidence', () => ({
  readWorkloadConfidenceShared: async () => ({ ok: true, value: { containers: {} } }),
}));
vi.mock('./workload-terminations', () => ({
  workloadEndMarks: async () => ({
    marks: [],
    recorder: { state: 'read', line: '' },
    prometheus: { state: 'missing', line: '' },
  }),
}));

const { readWorkloadAcross } = await import('./workload-across');

const [prd, stage, dev] = ['prd', 'stage', 'dev'].map((name) => fakeCluster(name));
const every = [prd!, stage!, dev!];
const ref = { namespace: 'shop', workload: 'web' };
const shopAndTable: Rights = { pods: ['shop'], table: true, kyvernoLogs: false, audit: false };
const shopNoTable: Rights = { ...shopAndTable, table: false };

clusters.tables = { prd: { shop_web_app: '300Mi' }, stage: { shop_web_app: '200Mi' }, dev: { shop_web_app: '100Mi' } };
clusters.withPod = new Set(['prd', 'stage', 'dev']);

const rowsOf = (answer: Awaited<ReturnType<typeof readWorkloadAcross>>) =>
  answer.columns.map((c) => [
    c.cluster,
    c.workload.ok ? c.workload.value.containers.find((x) => x.container === 'app')?.row?.value : c.workload.error.code,
  ]);

describe('readWorkloadAcross', () => {
  it("puts the page's cluster first, then each other cluster with the workload, each with its own rows", async () => {
    const answer = await readWorkloadAcross(stage!, every, ref, EVERYTHING, { prd: EVERYTHING, stage: EVERYTHING, dev: EVERYTHING });
    expect(rowsOf(answer)).toEqual([
      ['stage', '200Mi'],
      ['prd', '300Mi'],
      ['dev', '100Mi'],
    ]);
    expect(answer.columns.map((c) => c.here)).toEqual([true, false, false]);
    const web = answer.columns[0]!.workload;
    expect(web.ok && web.value.containers.map((c) => c.container)).toEqual(['app', 'envoy', 'wait-for-db']);
  });

  it('reads no cluster where the asker may not list pods in the namespace, nor one whose rights are unknown', async () => {
    clusters.read = [];
    const answer = await readWorkloadAcross(prd!, every, ref, EVERYTHING, { prd: EVERYTHING, stage: NOTHING, dev: null });
    expect(clusters.read).toEqual(['prd']);
    expect(rowsOf(answer)).toEqual([['prd', '300Mi']]);
    const other = await readWorkloadAcross(prd!, every, ref, EVERYTHING, {
      prd: EVERYTHING,
      stage: { ...shopAndTable, pods: ['payments'] },
      dev: EVERYTHING,
    });
    expect(rowsOf(other)).toEqual([
      ['prd', '300Mi'],
      ['dev', '100Mi'],
    ]);
  });

  it("withholds a cluster's rows in its own column when the asker may not get its table there", async () => {
    const answer = await readWorkloadAcross(prd!, every, ref, EVERYTHING, { prd: EVERYTHING, stage: shopNoTable, dev: NOTHING });
    expect(rowsOf(answer)).toEqual([
      ['prd', '300Mi'],
      ['stage', 'withheld'],
    ]);
  });

  it('names the clusters without the workload apart, and gives them no column', async () => {
    clusters.withPod = new Set(['prd']);
    clusters.tables = { prd: { shop_web_app: '300Mi' }, stage: {}, dev: { shop_web_app: '100Mi' } };
    const answer = await readWorkloadAcross(prd!, every, ref, EVERYTHING, { prd: EVERYTHING, stage: EVERYTHING, dev: EVERYTHING });
    clusters.withPod = new Set(['prd', 'stage', 'dev']);
    clusters.tables = { prd: { shop_web_app: '300Mi' }, stage: { shop_web_app: '200Mi' }, dev: { shop_web_app: '100Mi' } };
    expect(rowsOf(answer)).toEqual([
      ['prd', '300Mi'],
      ['dev', '100Mi'],
    ]);
    expect(answer.without).toEqual(['stage']);
  });

  it('fails a hanging cluster in its own column within the deadline; the others are complete', async () => {
    clusters.hang = new Set(['dev']);
    const started = performance.now();
    const answer = await readWorkloadAcross(
      prd!,
      every,
      ref,
      EVERYTHING,
      { prd: EVERYTHING, stage: EVERYTHING, dev: EVERYTHING },
      { deadlineMs: 100 },
    );
    clusters.hang.clear();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(rowsOf(answer)).toEqual([
      ['prd', '300Mi'],
      ['stage', '200Mi'],
      ['dev', 'unreachable'],
    ]);
    const dev = answer.columns[2]!.workload;
    expect(!dev.ok && dev.error.message).toBe('Cluster dev did not answer within 0.1 s');
  });

  it('answers a workload that is not in its own cluster, or not theirs there, as not found', async () => {
    await expect(readWorkloadAcross(prd!, every, ref, shopAndTable, { prd: shopAndTable }, {})).resolves.toBeTruthy();
    await expect(
      readWorkloadAcross(prd!, every, { namespace: 'payments', workload: 'web' }, shopAndTable, { prd: shopAndTable }),
    ).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      readWorkloadAcross(prd!, every, { namespace: 'shop', workload: 'nothing' }, EVERYTHING, { prd: EVERYTHING }),
    ).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});
