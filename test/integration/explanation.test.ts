// The explanation route on the local cluster's scenario pods: the owner chains, and the facts in the answer are the
// ones kubectl shows.
import { beforeAll, describe, expect, it } from 'vitest';
import { kubeconfig, kubectl, kubectlJson, podOf, requireCluster } from './cluster';

requireCluster();

process.env.KUBECONFIG = kubeconfig('viewer');

type Explanation = import('@/lib/views/explain').Explanation;
const { GET } = await import('@/app/c/[cluster]/api/pods/[namespace]/[pod]/explanation/route');

async function explain(namespace: string, pod: string): Promise<{ status: number; body: Explanation }> {
  const url = `http://memdash.test/api/pods/${namespace}/${pod}/explanation`;
  const response = await GET(new Request(url), { params: Promise.resolve({ namespace, pod }) });
  return { status: response.status, body: (await response.json()) as Explanation };
}

// Each verdict on the scenario's pods is in verdicts.test.ts; here the owners and the facts the verdicts compare.
describe('GET /api/pods/{namespace}/{pod}/explanation on the local cluster', () => {
  it('development/debug-shell, an ownerless pod: no workload, no row key', async () => {
    const { body } = await explain('development', 'debug-shell');
    expect(body.owner).toBeNull();
    expect(body.workload).toBeNull();
    expect(body.containers.map((c) => [c.name, c.rowKey])).toEqual([['shell', null]]);
  });

  it.each([
    {
      namespace: 'shop',
      workload: 'nightly-report',
      chain: ['Job', 'CronJob nightly-report'],
      derived: { kind: 'CronJob', name: 'nightly-report' },
    },
    {
      namespace: 'payments',
      workload: 'validate-config',
      chain: ['Job validate-config-231'],
      derived: { kind: 'Job', name: 'validate-config' },
    },
    { namespace: 'payments', workload: 'pg-main', chain: ['Cluster pg-main'], derived: { kind: 'Cluster', name: 'pg-main' } },
    { namespace: 'shop', workload: 'redis', chain: ['StatefulSet redis'], derived: { kind: 'StatefulSet', name: 'redis' } },
    { namespace: 'jenkins-prd', workload: 'build-app', chain: [], derived: { kind: 'JenkinsJob', name: 'build-app' } },
  ])('$namespace/$workload: owner chain $chain, workload $derived.kind', async ({ namespace, workload, chain, derived }) => {
    const { body } = await explain(namespace, podOf(namespace, workload));
    // A CronJob's Job is named <cronjob>-<scheduled time>; only its kind is fixed.
    expect(body.ownerChain.map((l) => (l.kind === 'Job' && chain[0] === 'Job' ? 'Job' : `${l.kind} ${l.name}`))).toEqual(chain);
    expect(body.ownerChain.every((l) => l.note === null)).toBe(true);
    expect(body.workload).toEqual(derived);
  });

  describe('the facts match kubectl', () => {
    let pod: string;
    let body: Explanation;
    beforeAll(async () => {
      pod = podOf('shop', 'web');
      body = (await explain('shop', pod)).body;
    });

    it("the pod's creation time and its owner chain up to the Deployment", () => {
      const [created, owner] = kubectl([
        '-n',
        'shop',
        'get',
        'pod',
        pod,
        '-o',
        'jsonpath={.metadata.creationTimestamp} {.metadata.ownerReferences[?(@.controller==true)].kind}/{.metadata.ownerReferences[?(@.controller==true)].name}',
      ]).split(' ');
      expect(body.pod).toEqual({ namespace: 'shop', name: pod, createdAt: created });
      expect(`${body.owner?.kind}/${body.owner?.name}`).toBe(owner);
      expect(body.ownerChain.map((l) => l.kind)).toEqual(['ReplicaSet', 'Deployment']);
      expect(body.ownerChain[1]?.name).toBe('web');
      expect(body.workload).toEqual({ kind: 'Deployment', name: 'web' });
    });

    it('each container, init containers first and marked, with its requests and limits in bytes', () => {
      const spec = kubectlJson<{ spec: { initContainers?: ContainerJson[]; containers: ContainerJson[] } }>([
        '-n',
        'shop',
        'get',
        'pod',
        pod,
      ]).spec;
      const fromKubectl = [...(spec.initContainers ?? []).map((c) => row(c, true)), ...spec.containers.map((c) => row(c, false))];
      expect(body.containers.map((c) => ({ name: c.name, init: c.init, request: c.request, limit: c.limit }))).toEqual(fromKubectl);
    });

    it("the table's rows and the row of each container, as the ConfigMap holds them", () => {
      const data = kubectlJson<{ data?: Record<string, string> }>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']).data ?? {};
      expect(body.table.loaded).toBe(Object.keys(data).length > 0);
      expect(body.table.rows).toBe(Object.keys(data).length);
      for (const c of body.containers) {
        expect(c.rowKey).toBe(`shop_web_${c.name}`);
        expect(c.row).toBe(bytes(data[`shop_web_${c.name}`]));
      }
    });
  });
});

interface ContainerJson {
  name: string;
  resources?: { requests?: { memory?: string }; limits?: { memory?: string } };
}

function row(c: ContainerJson, init: boolean) {
  // Kubernetes defaults a missing request to the limit before admission; the API reports what the pod holds.
  const limit = bytes(c.resources?.limits?.memory);
  return { name: c.name, init, request: bytes(c.resources?.requests?.memory) ?? limit, limit };
}

// The quantity forms the scenario uses, parsed here on purpose without lib/domain's parser.
function bytes(quantity: string | undefined): number | null {
  if (quantity === undefined) return null;
  const match = /^(\d+)(Ki|Mi|Gi|k|M|G)?$/.exec(quantity);
  if (!match) throw new Error(`unexpected quantity ${quantity}`);
  const unit = { Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, k: 1e3, M: 1e6, G: 1e9 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * unit;
}
