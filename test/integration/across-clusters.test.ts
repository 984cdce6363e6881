// Issue 57, items 4 and 7 on two real local clusters (the pair: prd and its stage, e2e/cluster/lib/pair.ts): the
// Ctrl-K search finds shop/web's pods in both, and a workload's across panel shows each cluster's own rows for
// shop/web. Each request passes memdash's own gate (behind a proxy, naming a person), which asks each cluster's API
// server what that person may read: a person bound in prd only finds and sees prd alone. Expected pods and rows are
// asked of each cluster with kubectl, never of memdash.
import { execFileSync } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin } from '../../e2e/cluster/lib/paths.ts';
import { clustersFile, secondDir, upSecond, webPodsIn } from '../../e2e/cluster/lib/pair.ts';
import { kubeconfig, PreconditionFailed, requireCluster } from './cluster';

requireCluster();
upSecond(); // the stage beside prd: started, or reused when it runs

const SECRET = 'across-clusters-test-proxy-secret';
process.env.MEMDASH_CLUSTERS = clustersFile();
process.env.MEMDASH_AUTH = 'proxy';
process.env.MEMDASH_PROXY_SECRET = SECRET;
const { gate } = await import('@/lib/auth/gate');
const search = await import('@/app/api/search/route');
const across = await import('@/app/c/[cluster]/api/workloads/[namespace]/[workload]/across/route');
type SearchAnswer = import('@/lib/views/search-types').SearchAnswer;
type WorkloadAcross = import('@/lib/views/workload-across-types').WorkloadAcross;

const CLUSTERS = { prd: kubeconfig('admin'), stage: join(secondDir(), 'kubeconfig', 'admin.yaml') } as const;
type Name = keyof typeof CLUSTERS;

const kubectlIn = (cluster: Name, args: string[], input?: string): string =>
  execFileSync(bin('kubectl'), [`--kubeconfig=${CLUSTERS[cluster]}`, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
  });

/** shop/web's pods in a cluster, as its API server lists them. */
function webPods(cluster: Name): string[] {
  const names = webPodsIn(CLUSTERS[cluster]).sort();
  if (names.length === 0) throw new PreconditionFailed(`no pod of shop/web in ${cluster}`, 'both clusters run the scenario');
  return names;
}

/** A table row as the cluster's ConfigMap holds it. */
const rowIn = (cluster: Name, key: string): string =>
  kubectlIn(cluster, ['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests', '-o', `jsonpath={.data.${key}}`]);

// Two people, named by the proxy: one bound to memdash's viewer role in both clusters; one in prd only (shop's pods
// and the table's namespace), nothing in the stage.
const EVERYWHERE = 'across-everywhere';
const PRD_SHOP = 'across-prd-shop';

const binding = (kind: 'ClusterRoleBinding' | 'RoleBinding', name: string, user: string, namespace?: string) => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind,
  metadata: { name, ...(namespace ? { namespace } : {}) },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'memdash-viewer' },
  subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user }],
});
const bindings: Record<Name, object[]> = {
  prd: [
    binding('ClusterRoleBinding', EVERYWHERE, EVERYWHERE),
    binding('RoleBinding', PRD_SHOP, PRD_SHOP, 'shop'),
    binding('RoleBinding', PRD_SHOP, PRD_SHOP, 'kyverno-prd'),
  ],
  stage: [binding('ClusterRoleBinding', EVERYWHERE, EVERYWHERE)],
};
const list = (items: object[]) => JSON.stringify({ apiVersion: 'v1', kind: 'List', items });

beforeAll(() => {
  for (const name of Object.keys(bindings) as Name[]) kubectlIn(name, ['apply', '-f', '-'], list(bindings[name]));
}, 60_000);
afterAll(() => {
  for (const name of Object.keys(bindings) as Name[]) kubectlIn(name, ['delete', '--ignore-not-found', '-f', '-'], list(bindings[name]));
}, 60_000);

/** A request as the proxy hands it to memdash, passed through memdash's gate: the Request Next would get. */
async function throughGate(path: string, user: string): Promise<Request> {
  const sent: Record<string, string> = { host: 'memdash.test', 'x-memdash-proxy-secret': SECRET, 'x-auth-request-user': user };
  const incoming = {
    url: path,
    method: 'GET',
    headers: { ...sent },
    rawHeaders: Object.entries(sent).flat(),
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as IncomingMessage;
  const outcome = await gate(incoming);
  if (outcome.kind !== 'pass') throw new Error(`the gate did not pass ${user} for ${path}: ${JSON.stringify(outcome)}`);
  const headers = Object.entries(incoming.headers).filter((e): e is [string, string] => typeof e[1] === 'string');
  return new Request(`http://memdash.test${path}`, { headers });
}

async function searched(user: string): Promise<SearchAnswer> {
  const response = await search.GET(await throughGate('/api/search?namespace=shop&name=web&limit=200', user));
  expect(response.status).toBe(200);
  return (await response.json()) as SearchAnswer;
}

async function acrossFrom(cluster: Name, user: string): Promise<WorkloadAcross> {
  const path = `/c/${cluster}/api/workloads/shop/web/across`;
  const params = { params: Promise.resolve({ cluster, namespace: 'shop', workload: 'web' }) };
  const response = await across.GET(await throughGate(path, user), params);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as WorkloadAcross;
}

const webIn = (answer: SearchAnswer, cluster: Name) =>
  answer.pods
    .filter((p) => p.cluster === cluster && p.workload?.name === 'web')
    .map((p) => p.name)
    .sort();

describe('Ctrl-K across the two clusters', () => {
  it("finds shop/web's pods in prd and in the stage, each pod naming its cluster", async () => {
    const answer = await searched(EVERYWHERE);
    expect(answer.clusters.map((c) => c.cluster)).toEqual(['prd', 'stage']);
    expect(webIn(answer, 'prd')).toEqual(webPods('prd'));
    expect(webIn(answer, 'stage')).toEqual(webPods('stage'));
  });

  it('finds only prd for a person who may read shop in prd only, and never names the stage', async () => {
    const answer = await searched(PRD_SHOP);
    expect(answer.clusters.map((c) => c.cluster)).toEqual(['prd']);
    expect(webIn(answer, 'prd')).toEqual(webPods('prd'));
    expect(answer.pods.filter((p) => p.cluster !== 'prd')).toEqual([]);
    expect(JSON.stringify(answer)).not.toContain('stage');
  });
});

describe("shop/web's across panel", () => {
  const appRow = (answer: WorkloadAcross, cluster: Name) => {
    const column = answer.columns.find((c) => c.cluster === cluster);
    if (!column?.workload.ok) throw new Error(`no column of ${cluster}: ${JSON.stringify(column)}`);
    return column.workload.value.containers.find((c) => c.container === 'app')?.row?.value;
  };

  it("shows prd's and the stage's own rows side by side, the page's cluster first", async () => {
    const [prdRow, stageRow] = [rowIn('prd', 'shop_web_app'), rowIn('stage', 'shop_web_app')];
    expect(prdRow).not.toBe(stageRow); // the stage's table differs for shop/web (scenario/stage.ts)
    const fromStage = await acrossFrom('stage', EVERYWHERE);
    expect(fromStage.columns.map((c) => [c.cluster, c.here])).toEqual([
      ['stage', true],
      ['prd', false],
    ]);
    expect([appRow(fromStage, 'stage'), appRow(fromStage, 'prd')]).toEqual([stageRow, prdRow]);
    for (const column of fromStage.columns) {
      const web = column.workload;
      if (!web.ok) throw new Error(`${column.cluster}: ${web.error.message}`);
      expect(web.value.pods, column.cluster).toBe(webPods(column.cluster as Name).length);
      expect(web.value.p90Mi.ok, column.cluster).toBe(true);
      expect(web.value.oomKills.ok, column.cluster).toBe(true);
    }
    const fromPrd = await acrossFrom('prd', EVERYWHERE);
    expect(fromPrd.columns.map((c) => c.cluster)).toEqual(['prd', 'stage']);
  });

  it('shows a person who may read shop in prd only no column of the stage', async () => {
    const answer = await acrossFrom('prd', PRD_SHOP);
    expect(answer.columns.map((c) => c.cluster)).toEqual(['prd']);
    expect(appRow(answer, 'prd')).toBe(rowIn('prd', 'shop_web_app'));
    expect(answer.without).toEqual([]);
  });
});
