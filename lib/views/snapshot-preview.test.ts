// One preview per interval, shared by whoever asks meanwhile: per cluster, since each has its own table and Prometheus.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KubeClients } from '@/lib/k8s/client';
import { fakeCluster } from './__fixtures__/clusters';

// The reads a preview makes, stood in for: the table it reads first, and the samples (each call counted, and held
// until the test lets it end, so that the asks of one test all meet a running preview).
const reads = vi.hoisted(() => ({ samples: 0, release: [] as (() => void)[] }));
vi.mock('@/lib/k8s/table', () => ({ readTableData: async () => ({ data: { shop_web_app: '100Mi' } }) }));
vi.mock('@/lib/prometheus/snapshot-samples', () => ({
  readSnapshotSamples: () => {
    reads.samples++;
    return new Promise<void>((resolve) => reads.release.push(resolve));
  },
}));
vi.mock('./next-table-fit', () => ({
  rememberPreviewRows: () => {},
  fitOfRows: () => Promise.reject(new Error('no fit in this test')),
}));
vi.mock('./row-confidence', () => ({ previewConfidence: async () => ({ measured: 0, flagged: {}, kept: { ok: true } }) }));

const { previewSnapshotShared } = await import('./snapshot-preview');

beforeEach(() => {
  reads.samples = 0;
  reads.release = [];
});
afterEach(() => reads.release.forEach((release) => release()));

// the clients are never called: the table's read is stood in for
const clusterNamed = (name: string) => fakeCluster(name, () => ({}) as KubeClients);
const ask = (cluster: ReturnType<typeof fakeCluster>) => previewSnapshotShared(cluster, new AbortController().signal, () => {});

describe('previewSnapshotShared', () => {
  it('computes one preview per cluster: an asker of one cluster never gets the preview of another', async () => {
    const asks = [ask(clusterNamed('prd-a')), ask(clusterNamed('stg-a'))];
    await vi.waitFor(() => expect(reads.samples).toBe(2));
    reads.release.forEach((release) => release());
    const [prd, stg] = await Promise.all(asks);
    expect(prd).toHaveProperty('preview');
    expect(stg).toHaveProperty('preview');
    expect(stg).not.toBe(prd);
  });

  it('shares the preview of one cluster among its askers', async () => {
    const prd = clusterNamed('prd-b');
    const asks = [ask(prd), ask(prd)];
    await vi.waitFor(() => expect(reads.release).toHaveLength(1));
    reads.release.forEach((release) => release());
    const [first, second] = await Promise.all(asks);
    expect(second).toBe(first);
    expect(reads.samples).toBe(1);
  });
});
