// Issue 55, item 7: the panels everyone signed in reads, for someone who may list pods in shop only. The home page's
// fit counted every namespace's pods and named batch's ResourceQuota, the webhook registration named every namespace
// it covers and skips, the table's size and last write went to those who may not get it, and /api/caches counted
// every pod; a pod's explanation and /lifecycle gave the table's size (and the explanation its last write) too. What
// they should see is asked of the cluster with kubectl, never of memdash.
import { describe, expect, it } from 'vitest';
import { BATCH_NAMESPACE, BATCH_QUOTA } from '../../e2e/cluster/scenario/batch-pool.ts';
import { prometheusUrl } from '../../e2e/cluster/lib/prometheus.ts';
import { kubeconfig, kubectlJson, PreconditionFailed, requireCluster } from './cluster';
import { tableData } from './own-deployment';

const cluster = requireCluster();
process.env.KUBECONFIG = kubeconfig('viewer');
process.env.MEMDASH_PROMETHEUS_URL = prometheusUrl(cluster);
const { readNextTableFit } = await import('@/lib/views/next-table-fit');
const { readWebhookHealth } = await import('@/lib/views/webhook-health');
const { readHomeSummary } = await import('@/lib/views/home');
const { explainPodFor } = await import('@/lib/views/explain');
const { defaultCluster } = await import('@/lib/cluster/registry');
const { readLifecycle } = await import('@/lib/views/lifecycle');
const { encodeHeader, RIGHTS_HEADER } = await import('@/lib/auth/viewer');
const caches = await import('@/app/c/[cluster]/api/caches/route');

type Rights = import('@/lib/domain/rights').Rights;
const SHOP = 'shop';
const shopOnly: Rights = { pods: [SHOP], table: false, kyvernoLogs: false, audit: false };

interface Pod {
  metadata: { namespace: string; name: string };
  spec: { nodeName?: string };
  status: { phase?: string };
}
const holding = (p: Pod) => p.status.phase !== 'Succeeded' && p.status.phase !== 'Failed';
const podsNow = () => kubectlJson<{ items: Pod[] }>(['get', 'pods', '-A']).items.filter(holding);
const quotaNamespaces = () =>
  kubectlJson<{ items: Array<{ metadata: { namespace: string } }> }>(['get', 'resourcequotas', '-A']).items.map(
    (q) => q.metadata.namespace,
  );
const namespaceNames = () =>
  kubectlJson<{ items: Array<{ metadata: { name: string } }> }>(['get', 'namespaces']).items.map((n) => n.metadata.name);

/** Every `namespace` field anywhere in an answer. */
function namespacesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(namespacesIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => (key === 'namespace' && typeof v === 'string' ? [v] : namespacesIn(v)));
}

describe('the next table fit, for someone who may list pods in shop only', () => {
  it("counts shop's pods only, names no other namespace or quota, and counts the namespaces left out", async () => {
    if (!quotaNamespaces().includes(BATCH_NAMESPACE))
      throw new PreconditionFailed(`no ResourceQuota in ${BATCH_NAMESPACE}`, 'the scenario seeds the batch pool (npm run cluster:up)');
    const pods = podsNow();
    const shop = pods.filter((p) => p.metadata.namespace === SHOP);
    if (shop.length === 0) throw new PreconditionFailed('namespace shop has no pods', 'the scenario seeds shop');

    const { report, source } = await readNextTableFit(defaultCluster(), shopOnly);
    expect(report.pods).toBe(shop.length);
    expect(report.nodes.reduce((n, node) => n + node.pods, 0)).toBe(shop.filter((p) => p.spec.nodeName).length);
    expect(report.changed).toBeLessThanOrEqual(shop.length);
    expect(namespacesIn(report).filter((ns) => ns !== SHOP)).toEqual([]);
    const text = JSON.stringify(report);
    expect(text).not.toContain(BATCH_QUOTA.name);
    expect(text).not.toContain(`${BATCH_NAMESPACE}/`);
    const others = new Set([...pods.map((p) => p.metadata.namespace), ...quotaNamespaces()].filter((ns) => ns !== SHOP));
    expect(report.unreadNamespaces).toBe(others.size);
    if (source.kind === 'today') expect(source.lastWriteAt).toBeNull(); // the table's, and they may not get it
  });
});

describe('the webhook page, for someone who may list pods in shop only', () => {
  it('names only shop among the namespaces the registration covers and skips, and counts the others', async () => {
    const all = namespaceNames();
    if (!all.includes(SHOP) || all.length < 3) throw new PreconditionFailed('shop and other namespaces', 'the scenario seeds them');
    const health = await readWebhookHealth(defaultCluster(), shopOnly);
    if (!health.registration.ok || !health.registration.value) throw new Error('precondition: the pod webhook is registered');
    for (const entry of health.registration.value.entries) {
      const lists = entry.namespaces!;
      expect([...lists.covered, ...lists.skipped]).toEqual([SHOP]);
      expect(lists.unread.covered + lists.unread.skipped).toBe(all.length - 1);
    }
  });

  it('says whether the table is loaded, but not its size nor when it was written', async () => {
    if (Object.keys(tableData()).length === 0) throw new PreconditionFailed('the table has no rows', 'the scenario seeds it');
    const health = await readWebhookHealth(defaultCluster(), shopOnly);
    expect(health.table).toEqual({ ok: true, value: { exists: true, loaded: true, rows: null, lastWriteAt: null } });
  });
});

describe('the home page, for someone who may list pods in shop only', () => {
  it("says the table is loaded, without its size or last write; with the table's right, its rows", async () => {
    const rows = Object.keys(tableData()).length;
    if (rows === 0) throw new PreconditionFailed('the table has no rows', 'the scenario seeds it');
    expect((await readHomeSummary(defaultCluster(), shopOnly)).table).toEqual({
      exists: true,
      loaded: true,
      rows: null,
      lastWriteAt: null,
    });
    const withTable = (await readHomeSummary(defaultCluster(), { ...shopOnly, table: true })).table;
    expect(withTable).toMatchObject({ exists: true, loaded: true, rows });
    expect(withTable.lastWriteAt).not.toBeNull();
  });
});

describe('GET /api/caches, for someone who may list pods in shop only', () => {
  const asked = (rights: Rights) => new Request('http://memdash.test/api/caches', { headers: { [RIGHTS_HEADER]: encodeHeader(rights) } });
  type Listing = { name: string; synced: boolean; objects: number | null; digest: string | null };

  it("says each cache's state, but not how many objects it holds nor their names' digest", async () => {
    await readNextTableFit(defaultCluster(), shopOnly); // the pods' cache is started
    const answer = await caches.GET(asked(shopOnly));
    expect(answer.status).toBe(200);
    const listed = ((await answer.json()) as { caches: Listing[] }).caches;
    expect(listed.map((c) => c.name)).toContain('pods');
    for (const c of listed)
      expect({ name: c.name, objects: c.objects, digest: c.digest }).toEqual({ name: c.name, objects: null, digest: null });
    // someone who may list every namespace's pods gets the counts
    const everyone = ((await (await caches.GET(asked({ ...shopOnly, pods: 'all' }))).json()) as { caches: Listing[] }).caches;
    expect(everyone.find((c) => c.name === 'pods')!.objects).toBeGreaterThan(podsNow().filter((p) => p.metadata.namespace === SHOP).length);
  });
});

describe("a pod's explanation, for someone who may list pods in shop only", () => {
  it("says the table is loaded, without its size or last write; with the table's right, its rows", async () => {
    const rows = Object.keys(tableData()).length;
    if (rows === 0) throw new PreconditionFailed('the table has no rows', 'the scenario seeds it');
    const pod = podsNow().find((p) => p.metadata.namespace === SHOP);
    if (!pod) throw new PreconditionFailed('namespace shop has no pods', 'the scenario seeds shop');
    const ref = { namespace: SHOP, name: pod.metadata.name };
    expect((await explainPodFor(defaultCluster(), shopOnly, ref)).table).toMatchObject({
      loaded: true,
      rows: null,
      malformed: null,
      lastWriteAt: null,
    });
    const withTable = (await explainPodFor(defaultCluster(), { ...shopOnly, table: true }, ref)).table;
    expect(withTable).toMatchObject({ loaded: true, rows });
    expect(withTable.lastWriteAt).not.toBeNull();
  });
});

describe('/lifecycle, for someone who may list pods in shop only', () => {
  it("says the table is there and loads, without its size; with the table's right, its rows", async () => {
    const rows = Object.keys(tableData()).length;
    if (rows === 0) throw new PreconditionFailed('the table has no rows', 'the scenario seeds it');
    expect((await readLifecycle(defaultCluster(), shopOnly)).table).toEqual({
      ok: true,
      value: { exists: true, loaded: true, rows: null },
    });
    expect((await readLifecycle(defaultCluster(), { ...shopOnly, table: true })).table).toEqual({
      ok: true,
      value: { exists: true, loaded: true, rows },
    });
  });
});
