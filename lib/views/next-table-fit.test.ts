// The panels' fit is of the last preview's rows when this server computed one: per cluster, since a preview of one
// cluster is not another's next table.
import { describe, expect, it, vi } from 'vitest';
import { EVERYTHING } from '@/lib/domain/rights';
import type { KubeClients } from '@/lib/k8s/client';
import { fakeCluster } from './__fixtures__/clusters';

// The cluster's reads stood in for: no pods, nodes, quotas or LimitRanges, and an empty table written at one time.
const LAST_WRITE = '2026-12-06T04:15:00.000Z';
vi.mock('@/lib/k8s/pods', () => ({ listPods: async () => [] }));
vi.mock('@/lib/k8s/fit', () => ({ listFitNodes: async () => [], listFitQuotas: async () => [], listFitLimits: async () => [] }));
vi.mock('./pod-verdicts', () => ({
  judgingAt: async () => ({
    key: {},
    table: { parsed: { rows: {} }, lastWriteAt: LAST_WRITE },
    labels: new Map(),
    jenkinsNamespace: 'jenkins',
  }),
}));

const { readNextTableFit, rememberPreviewRows } = await import('./next-table-fit');
const clusterNamed = (name: string) => fakeCluster(name, () => ({}) as KubeClients);

describe('readNextTableFit', () => {
  it("fits the cluster's own last preview, and another cluster's today's table", async () => {
    const [prd, stg] = [clusterNamed('prd'), clusterNamed('stg')];
    const computedAt = '2026-12-06T04:20:00.000Z';
    rememberPreviewRows(prd, { shop_web_app: '100Mi' }, computedAt);
    expect((await readNextTableFit(prd, EVERYTHING)).source).toEqual({ kind: 'preview', computedAt });
    expect((await readNextTableFit(stg, EVERYTHING)).source).toEqual({ kind: 'today', lastWriteAt: LAST_WRITE });
  });
});
