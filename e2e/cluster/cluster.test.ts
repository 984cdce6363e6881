// The local cluster is real: controllers gave the pods their owners, RBAC refuses the read credential's writes,
// the probe's dry run is admitted, and Prometheus answers 28 days of PromQL.
import { describe, expect, it } from 'vitest';
import { getJson, kubectlAsync } from './lib/kubectl.ts';
import { readState } from './lib/state.ts';
import { prometheusUrl } from './lib/prometheus.ts';
import { requireCluster } from '../../test/integration/cluster';

requireCluster(); // a cluster that is not up is a failure naming what is missing

interface Pod {
  metadata: {
    name: string;
    namespace: string;
    labels?: Record<string, string>;
    ownerReferences?: Array<{ kind: string; name: string; controller?: boolean }>;
  };
  status?: { phase?: string };
}

const pods = (namespace: string, selector: string) => getJson<{ items: Pod[] }>(['get', 'pods', '-n', namespace, '-l', selector]).items;
const controller = (pod: Pod) => pod.metadata.ownerReferences?.find((o) => o.controller);

describe('owners made by real controllers', () => {
  it('gives a Deployment pod a ReplicaSet named with its pod-template-hash', () => {
    const [pod] = pods('shop', 'app.kubernetes.io/name=web');
    const hash = pod!.metadata.labels!['pod-template-hash'];
    expect(controller(pod!)).toMatchObject({ kind: 'ReplicaSet', name: `web-${hash}` });
    expect(pod!.metadata.name).toMatch(new RegExp(`^web-${hash}-[a-z0-9]{5}$`));
  });

  it('keeps the ReplicaSets of earlier rollouts', () => {
    const sets = getJson<{ items: Array<{ spec: { replicas: number } }> }>([
      'get',
      'rs',
      '-n',
      'shop',
      '-l',
      'app.kubernetes.io/name=web',
    ]).items;
    expect(sets).toHaveLength(3);
    expect(sets.filter((rs) => rs.spec.replicas === 0)).toHaveLength(2);
  });

  it('names StatefulSet pods by ordinal', () => {
    const names = pods('shop', 'app.kubernetes.io/name=redis')
      .map((p) => p.metadata.name)
      .sort();
    expect(names).toEqual(['redis-0', 'redis-1']);
    expect(controller(pods('shop', 'app.kubernetes.io/name=redis')[0]!)).toMatchObject({ kind: 'StatefulSet', name: 'redis' });
  });

  it('runs a CronJob Job to Succeeded, owned by the Job the CronJob owns', () => {
    const [pod] = pods('shop', 'batch.kubernetes.io/job-name=nightly-report-29412495');
    expect(controller(pod!)).toMatchObject({ kind: 'Job', name: 'nightly-report-29412495' });
    expect(pod!.status?.phase).toBe('Succeeded');
    const job = getJson<{ metadata: { ownerReferences: Array<{ kind: string; name: string }> } }>([
      'get',
      'job',
      'nightly-report-29412495',
      '-n',
      'shop',
    ]);
    expect(job.metadata.ownerReferences[0]).toMatchObject({ kind: 'CronJob', name: 'nightly-report' });
  });

  it('has a CloudNativePG Cluster that owns its instance pods, and ownerless Jenkins agents', () => {
    expect(controller(pods('payments', 'cnpg.io/cluster=pg-main')[0]!)).toMatchObject({ kind: 'Cluster', name: 'pg-main' });
    const [agent] = pods('jenkins-prd', 'jenkins/label=etl-v2');
    expect(agent!.metadata.name).toMatch(/^etl-v2-117-[a-z0-9]{5}$/);
    expect(agent!.metadata.ownerReferences).toBeUndefined();
  });

  it('places one DaemonSet pod on each of the three nodes, none on the tainted batch pool node', () => {
    expect(pods('monitoring', 'app.kubernetes.io/name=node-exporter')).toHaveLength(3);
    const nodes = getJson<{ items: Array<{ metadata: { name: string } }> }>(['get', 'nodes']).items.map((n) => n.metadata.name);
    expect(nodes.sort()).toEqual(['srvk8s1', 'srvk8s2', 'srvk8s3', 'srvk8s4']);
  });
});

describe('RBAC', () => {
  it('lets viewer list pods and read logs through the API server', async () => {
    expect((await kubectlAsync(['get', 'pods', '-A'], { user: 'viewer' })).code).toBe(0);
    const logs = await kubectlAsync(['logs', '-n', 'shop', 'redis-0'], { user: 'viewer' });
    expect(logs.stderr).toBe('');
    expect(logs.stdout).toContain('serving on');
  });

  it('refuses viewer a scale and a table patch, and lets operator do both', async () => {
    const scale = ['scale', 'deployment', 'kyverno-admission-controller', '-n', 'kyverno-prd', '--replicas=3'];
    const patch = [
      'patch',
      'configmap',
      'memory-requests',
      '-n',
      'kyverno-prd',
      '--type=merge',
      '-p',
      '{"metadata":{"annotations":{"memdash.local/touched":"test"}}}',
    ];
    for (const args of [scale, patch]) {
      const refused = await kubectlAsync(args, { user: 'viewer' });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/Forbidden|forbidden/);
      const done = await kubectlAsync(args, { user: 'operator' });
      expect(done.stderr).toBe('');
      expect(done.code).toBe(0);
    }
  });

  it('refuses operator what prd-write may not do', async () => {
    const other = await kubectlAsync(['scale', 'deployment', 'web', '-n', 'shop', '--replicas=2'], { user: 'operator' });
    expect(other.stderr).toMatch(/forbidden/);
  });

  it('admits the probe: a server-side dry run of a pod in development as viewer', async () => {
    const probe = await kubectlAsync(
      ['-n', 'development', 'run', 'kyverno-probe', '--image=busybox', '--restart=Never', '--dry-run=server', '-o', 'name'],
      { user: 'viewer' },
    );
    expect(probe.stderr).toBe('');
    expect(probe.stdout.trim()).toBe('pod/kyverno-probe');
  });
});

describe('Prometheus', () => {
  const rangeQuery = async (query: string) => {
    const end = Math.floor(Date.now() / 1000);
    const params = new URLSearchParams({ query, start: String(end - 28 * 86400), end: String(end), step: '300' });
    const response = await fetch(`${prometheusUrl(readState()!)}/api/v1/query_range?${params}`);
    expect(response.status).toBe(200);
    return (await response.json()).data.result as Array<{ metric: Record<string, string>; values: unknown[] }>;
  };

  it('returns 28 days at 300 s for seeded pods, including ReplicaSets rolled away', async () => {
    const series = await rangeQuery('container_memory_working_set_bytes{namespace="shop",container="app"}');
    const current = pods('shop', 'app.kubernetes.io/name=web').map((p) => p.metadata.name);
    expect(series.map((s) => s.metric.pod)).toEqual(expect.arrayContaining(current));
    expect(series.length).toBeGreaterThan(current.length);
    const points = series.reduce((n, s) => n + s.values.length, 0);
    expect(points).toBeGreaterThan(2 * 7000); // two replicas over 28 days, at most one gap of the backfill
  });

  it('has no samples for the workload without any, and none in the window for the one gone from it', async () => {
    expect(await rangeQuery('container_memory_working_set_bytes{namespace="shop",pod=~"fresh-api-.*"}')).toEqual([]);
    expect(await rangeQuery('container_memory_working_set_bytes{namespace="shop",pod=~"legacy-worker-.*"}')).toEqual([]);
  });
});
