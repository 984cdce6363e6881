// The same scenario, seeded once under the stand-in (the default state folder, .cluster) and once under Kyverno
// v1.19.1 itself (.cluster-real, `up --kyverno real`): every pod got the same memory request from both, container
// by container. Then the cases the scenario does not seed, as server-side dry runs through each Kyverno: containers
// without `resources`, without `requests`, with only a limit, an init container. Run by scripts/test.sh's group
// `real-kyverno` (the vitest project of that name), which starts the second cluster.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, repoRoot } from '../../lib/paths.ts';
import { bytesOf } from '../mutation.ts';
import { NAMESPACE } from '../names.ts';
import { WORKLOAD_LABEL } from '../../scenario/model.ts';

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

interface StateFile {
  kyverno?: string;
  seeded?: { at: string };
}

function stateOf(cluster: Cluster): StateFile {
  const file = join(cluster.dir, 'state.json');
  if (!existsSync(file)) throw new Error(`precondition failed: no ${file} (run \`npm run cluster:up\` for ${cluster.name})`);
  return JSON.parse(readFileSync(file, 'utf8')) as StateFile;
}

interface Container {
  name: string;
  resources?: { requests?: { memory?: string }; limits?: { memory?: string } };
}
interface Pod {
  metadata: { name: string; namespace: string; creationTimestamp?: string; labels?: Record<string, string>; deletionTimestamp?: string };
  spec: { containers: Container[]; initContainers?: Container[] };
}

const memory = (c: Container) => (c.resources?.requests?.memory === undefined ? 'none' : `${bytesOf(c.resources.requests.memory)}`);

interface Requests {
  /** `<namespace>/<workload>/<init|main>/<container>` -> the distinct requests (bytes) of the pods the seeding made */
  seeded: Map<string, string[]>;
  /** workloads with a pod created after the seeding (a test restarted or replaced it) */
  replacedLater: Set<string>;
}

/** The pods as the seeding left them: the earlier test groups run against the stand-in's cluster and make pods too. */
function requestsByContainer(cluster: Cluster): Requests {
  const seededAt = stateOf(cluster).seeded?.at;
  if (!seededAt) throw new Error(`precondition failed: ${cluster.name}'s cluster was never seeded`);
  const pods = (JSON.parse(kubectl(cluster, ['get', 'pods', '-A', '-o', 'json'])) as { items: Pod[] }).items;
  const seeded = new Map<string, string[]>();
  const replacedLater = new Set<string>();
  for (const pod of pods.filter((p) => !p.metadata.deletionTimestamp && p.metadata.namespace !== NAMESPACE)) {
    const workload = `${pod.metadata.namespace}/${pod.metadata.labels?.[WORKLOAD_LABEL] ?? pod.metadata.name}`;
    if ((pod.metadata.creationTimestamp ?? '') > seededAt) {
      replacedLater.add(workload);
      continue;
    }
    const add = (c: Container, kind: string) => {
      const key = `${workload}/${kind}/${c.name}`;
      seeded.set(key, [...new Set([...(seeded.get(key) ?? []), memory(c)])].sort());
    };
    pod.spec.initContainers?.forEach((c) => add(c, 'init'));
    pod.spec.containers.forEach((c) => add(c, 'main'));
  }
  return { seeded, replacedLater };
}

const workloadOfKey = (key: string) => key.split('/').slice(0, 2).join('/');

describe('the scenario seeded under each Kyverno', () => {
  it('runs the stand-in in one cluster and Kyverno v1.19.1 in the other', () => {
    expect(stateOf(standIn).kyverno ?? 'stand-in').toBe('stand-in');
    expect(stateOf(real).kyverno).toBe('real');
  });

  it('gave every pod the same memory request, container by container', () => {
    const fromStandIn = requestsByContainer(standIn);
    const fromReal = requestsByContainer(real);
    expect(fromStandIn.seeded.size).toBeGreaterThan(20);
    // a container only one side still has from the seeding must be of a workload a later test replaced there
    const unexplained = (a: Requests, b: Requests) =>
      [...a.seeded.keys()].filter((k) => !b.seeded.has(k) && !b.replacedLater.has(workloadOfKey(k)));
    expect({ onlyStandIn: unexplained(fromStandIn, fromReal), onlyReal: unexplained(fromReal, fromStandIn) }).toEqual({
      onlyStandIn: [],
      onlyReal: [],
    });
    const both = [...fromReal.seeded.keys()].filter((k) => fromStandIn.seeded.has(k)).sort();
    expect(both.length).toBeGreaterThan(20);
    // one object, so that a difference shows every container that differs at once
    const pick = (r: Requests) => Object.fromEntries(both.map((k) => [k, r.seeded.get(k)]));
    expect(pick(fromReal)).toEqual(pick(fromStandIn));
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
