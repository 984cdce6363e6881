// The pod search behind /pods and the Ctrl/Cmd-K jump, on the local cluster.
import { describe, expect, it } from 'vitest';
import { kubeconfig, podsOfWorkload, requireCluster } from './cluster';

requireCluster();

process.env.KUBECONFIG = kubeconfig('viewer');
const { GET } = await import('@/app/c/[cluster]/api/pods/route');

type Found = import('@/lib/views/pods-types').PodSummary;

async function search(query: string): Promise<{ status: number; body: { pods: Found[]; total: number } }> {
  const response = await GET(new Request(`http://memdash.test/api/pods?${query}`));
  return { status: response.status, body: await response.json() };
}

describe('GET /api/pods', () => {
  it('finds the pods of a namespace whose pod or workload name holds the fragment, with their workloads', async () => {
    const { status, body } = await search('namespace=shop&name=web');
    const names = podsOfWorkload('shop', 'web')
      .map((p) => p.metadata.name)
      .sort();
    expect(status).toBe(200);
    expect(body.pods.map((p) => p.name)).toEqual(names);
    expect(body.pods.every((p) => p.workload?.kind === 'Deployment' && p.workload.name === 'web')).toBe(true);
  });

  it('searches every namespace and caps the answer at the limit, saying how many matched', async () => {
    const { body } = await search('name=e&limit=3');
    expect(body.pods).toHaveLength(3);
    expect(body.total).toBeGreaterThan(3);
  });

  it('refuses a namespace that is no Kubernetes name', async () => {
    expect((await search('namespace=Shop')).status).toBe(400);
  });
});
