// The same scenario, seeded once under the stand-in (the default state folder, .cluster) and once under Kyverno
// v1.19.1 itself (.cluster-real, `up --kyverno real`): every pod got the same memory request from both, container
// by container. Then the cases the scenario does not seed, as server-side dry runs through each Kyverno: containers
// without `resources`, without `requests`, with only a limit, an init container. Run by scripts/test.sh's group
// `side-by-side` (the vitest project of that name), after every other group: the stand-in's cluster is quiet then.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, repoRoot } from '../../lib/paths.ts';
import { readSeededRequests } from '../../scenario/seeded-requests.ts';

const STAND_IN_DIR = process.env.MEMDASH_STAND_IN_CLUSTER_DIR ?? join(repoRoot, '.cluster');
const REAL_DIR = process.env.MEMDASH_CLUSTER_DIR ?? join(repoRoot, '.cluster-real');

interface Cluster {
  name: string;
  dir: string;
}
const standIn: Cluster = { name: 'stand-in', dir: STAND_IN_DIR };
const real: Cluster = { name: 'real', dir: REAL_DIR };

function kubectl(cluster: Cluster, args: string[], input?: string): string {
  return execFileSync(bin('kubectl'), ['--kubeconfig', join(cluster.dir, 'kubeconfig', 'admin.yaml'), ...args], {
    encoding: 'utf8',
    input,
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

interface Container {
  name: string;
  resources?: { requests?: { memory?: string }; limits?: { memory?: string } };
}
interface Pod {
  metadata: { name: string; namespace: string };
  spec: { containers: Container[]; initContainers?: Container[] };
}

describe('the scenario seeded under each Kyverno', () => {
  // recorded as each seeding ended, so the pods later tests replaced in either cluster are compared too
  const fromStandIn = () => readSeededRequests(standIn.dir);
  const fromReal = () => readSeededRequests(real.dir);

  it('was seeded by the stand-in in one cluster and by Kyverno v1.19.1 in the other', () => {
    expect(fromStandIn().by).toBe('stand-in');
    expect(fromReal().by).toBe('real');
  });

  it('gave every pod the same memory request, container by container, every seeded workload compared', () => {
    const [a, b] = [fromStandIn().requests, fromReal().requests];
    expect(Object.keys(a).length).toBeGreaterThan(20);
    // one object, so that a difference, or a container only one side has, shows at once
    expect(b).toEqual(a);
  });
});

// shop/web's rows: migrate (init) 40Mi, app 300Mi, nginx 24Mi (e2e/cluster/scenario/workloads.ts)
const OWNER = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  name: 'web-7f9d6c5b4',
  uid: '00000000-0000-4000-8000-000000000017',
  controller: true,
};
const image = 'registry.local/side-by-side:1.0';

function dryRun(cluster: Cluster, name: string, spec: object): Pod {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'shop', ownerReferences: [OWNER] }, spec };
  return JSON.parse(kubectl(cluster, ['create', '--dry-run=server', '-o', 'json', '-f', '-'], JSON.stringify(pod))) as Pod;
}

const requests = (pod: Pod) =>
  [...(pod.spec.initContainers ?? []), ...pod.spec.containers].map((c) => `${c.name}=${c.resources?.requests?.memory ?? 'none'}`);

describe('pods the scenario does not seed, dry-run through each Kyverno', () => {
  const cases: Array<{ name: string; spec: object; want: string[] }> = [
    {
      name: 'no-resources',
      spec: { initContainers: [{ name: 'migrate', image }], containers: [{ name: 'app', image }] },
      want: ['migrate=40Mi', 'app=300Mi'],
    },
    {
      name: 'empty-resources',
      spec: { containers: [{ name: 'app', image, resources: {} }] },
      want: ['app=300Mi'],
    },
    {
      name: 'cpu-request-only',
      spec: { containers: [{ name: 'app', image, resources: { requests: { cpu: '10m' } } }] },
      want: ['app=300Mi'],
    },
    {
      // Kubernetes defaults a missing request to the limit before admission; the row is above it: capped
      name: 'limit-only-below-row',
      spec: { containers: [{ name: 'nginx', image, resources: { limits: { memory: '16Mi' } } }] },
      want: ['nginx=16Mi'],
    },
    {
      name: 'request-above-row',
      spec: { containers: [{ name: 'nginx', image, resources: { requests: { memory: '1Gi' } } }] },
      want: ['nginx=24Mi'],
    },
    {
      name: 'no-row',
      spec: { containers: [{ name: 'sidecar', image }] },
      want: ['sidecar=none'],
    },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.want.join(', ')} from both`, () => {
      const fromStandIn = requests(dryRun(standIn, `side-by-side-${c.name}`, c.spec));
      const fromReal = requests(dryRun(real, `side-by-side-${c.name}`, c.spec));
      expect({ standIn: fromStandIn, real: fromReal }).toEqual({ standIn: c.want, real: c.want });
    });
  }
});
