// Every answer cut to the asker's rights, on the local cluster: the route handlers called as the sign-in gate hands
// them a request (its rights header), for someone who may list pods in shop only and nothing else. What they should
// see is asked of the cluster with kubectl, never of memdash.
import { describe, expect, it } from 'vitest';
import { kubeconfig, kubectlJson, PreconditionFailed, requireCluster } from './cluster';

requireCluster();

process.env.KUBECONFIG = kubeconfig('viewer');
// Signed in behind a proxy: without the gate's header a route must refuse, never answer as if nobody signed in.
process.env.MEMDASH_AUTH = 'proxy';
process.env.MEMDASH_PROXY_SECRET = 'rights-test-proxy-secret';
const { encodeHeader, RIGHTS_HEADER } = await import('@/lib/auth/viewer');
const { EVERYTHING } = await import('@/lib/domain/rights');
const { jumpTargets } = await import('@/components/shell/jump-targets');
const pods = await import('@/app/c/[cluster]/api/pods/route');
const search = await import('@/app/api/search/route');
const explanation = await import('@/app/c/[cluster]/api/pods/[namespace]/[pod]/explanation/route');
const workloads = await import('@/app/c/[cluster]/api/workloads/route');
const workloadMemory = await import('@/app/c/[cluster]/api/workloads/[namespace]/[workload]/memory/route');
const table = await import('@/app/c/[cluster]/api/table/route');
const tableSnapshots = await import('@/app/c/[cluster]/api/table/snapshots/route');
const tableDiff = await import('@/app/c/[cluster]/api/table/diff/route');
const preview = await import('@/app/c/[cluster]/api/snapshot/preview/route');
const runs = await import('@/app/c/[cluster]/api/snapshot/runs/route');
const webhookLogs = await import('@/app/c/[cluster]/api/webhook/logs/route');
const audit = await import('@/app/c/[cluster]/api/audit/route');
const webhook = await import('@/app/c/[cluster]/api/webhook/route');
const webhookState = await import('@/app/c/[cluster]/api/webhook/state/route');
const webhookProbe = await import('@/app/c/[cluster]/api/webhook/probe/route');
const lifecycle = await import('@/app/c/[cluster]/api/lifecycle/route');
const caches = await import('@/app/c/[cluster]/api/caches/route');

type Rights = import('@/lib/domain/rights').Rights;
type SearchAnswer = import('@/lib/views/search-types').SearchAnswer;
type Found = { pods: Array<{ namespace: string; name: string; workload: { kind: string; name: string } | null }>; total: number };

const shopOnly: Rights = { pods: ['shop'], table: false, kyvernoLogs: false, audit: false };

function asked(path: string, rights: Rights | null): Request {
  return new Request(`http://memdash.test${path}`, { headers: rights ? { [RIGHTS_HEADER]: encodeHeader(rights) } : {} });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of a dozen routes, each read for a field or two
async function answer(response: Response): Promise<{ status: number; body: any }> {
  return { status: response.status, body: await response.json() };
}

function podNames(namespace: string): string[] {
  const names = kubectlJson<{ items: Array<{ metadata: { name: string } }> }>(['-n', namespace, 'get', 'pods'])
    .items.map((p) => p.metadata.name)
    .sort();
  if (names.length === 0)
    throw new PreconditionFailed(`namespace ${namespace} has no pods`, 'the local cluster is seeded with pods in shop and payments');
  return names;
}

const params = <P>(value: P) => ({ params: Promise.resolve(value) });

describe('someone who may list pods in shop only', () => {
  it('finds exactly the pods of shop, and counts only those', async () => {
    const { status, body } = await answer(await pods.GET(asked('/api/pods?limit=2000', shopOnly)));
    expect(status).toBe(200);
    const found = body as Found;
    expect(found.pods.map((p) => p.name).sort()).toEqual(podNames('shop'));
    expect(found.total).toBe(podNames('shop').length);
  });

  it('finds nothing of payments, by namespace or by name, so Ctrl-K offers none of its names', async () => {
    const payments = podNames('payments');
    const inPayments = await answer(await pods.GET(asked('/api/pods?namespace=payments', shopOnly)));
    expect(inPayments.body).toEqual({ pods: [], total: 0 });
    for (const name of payments) {
      // Ctrl-K's own search (of every cluster: here the one)
      const { body } = await answer(await search.GET(asked(`/api/search?name=${encodeURIComponent(name)}`, shopOnly)));
      const labels = jumpTargets(null, (body as SearchAnswer).pods).map((t) => t.label);
      expect(labels.filter((label) => label.startsWith('payments/') || label.includes(name))).toEqual([]);
    }
    // the same searches find them for someone who may list every namespace's pods
    const everyone = await answer(await pods.GET(asked('/api/pods?namespace=payments&limit=2000', EVERYTHING)));
    expect((everyone.body as Found).pods.map((p) => p.name).sort()).toEqual(payments);
  });

  it('is answered about a payments pod exactly as about one that does not exist', async () => {
    const [pod] = podNames('payments');
    const ghost = `${pod}x`;
    const hidden = await answer(
      await explanation.GET(asked(`/api/pods/payments/${pod}/explanation`, shopOnly), params({ namespace: 'payments', pod: pod! })),
    );
    const missing = await answer(
      await explanation.GET(asked(`/api/pods/payments/${ghost}/explanation`, EVERYTHING), params({ namespace: 'payments', pod: ghost })),
    );
    expect(missing.status).toBe(404);
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body)).toBe(JSON.stringify(missing.body).replaceAll(ghost, pod!));
    const [shopPod] = podNames('shop');
    const seen = await answer(
      await explanation.GET(asked(`/api/pods/shop/${shopPod}/explanation`, shopOnly), params({ namespace: 'shop', pod: shopPod! })),
    );
    expect(seen.status).toBe(200);
  });

  it('lists only workloads of shop', async () => {
    const { status, body } = await answer(await workloads.GET(asked('/api/workloads', shopOnly)));
    expect(status).toBe(200);
    const namespaces = new Set((body as Array<{ namespace: string }>).map((w) => w.namespace));
    expect([...namespaces]).toEqual(['shop']);
    const all = await answer(await workloads.GET(asked('/api/workloads', EVERYTHING)));
    expect((all.body as Array<{ namespace: string }>).some((w) => w.namespace === 'payments')).toBe(true);
  });

  it('is refused the table, its versions, diffs and preview, naming the table', async () => {
    const s = (await import('@/lib/config')).settings();
    // the table exists: the refusal is of the person, not of a missing ConfigMap
    kubectlJson(['-n', s.kyvernoNamespace, 'get', 'configmap', s.tableConfigMap]);
    const refusals = [
      await table.GET(asked('/api/table', shopOnly)),
      await tableSnapshots.GET(asked('/api/table/snapshots', shopOnly)),
      await tableDiff.GET(asked('/api/table/diff?format=csv', shopOnly)),
      await preview.GET(asked('/api/snapshot/preview?format=configmap', shopOnly)),
      await workloadMemory.GET(asked('/api/workloads/shop/web/memory', shopOnly), params({ namespace: 'shop', workload: 'web' })),
    ];
    for (const refusal of refusals) {
      const { status, body } = await answer(refusal);
      expect(status).toBe(403);
      expect(body.error.message).toContain(`You may not get configmap ${s.tableConfigMap} in ${s.kyvernoNamespace}`);
    }
    expect((await table.GET(asked('/api/table', { ...shopOnly, table: true }))).status).toBe(200);
  });

  it("is refused Kyverno's and the snapshot runs' logs, and the audit log", async () => {
    for (const refused of [
      await webhookLogs.GET(asked('/api/webhook/logs', shopOnly)),
      await runs.GET(asked('/api/snapshot/runs', shopOnly)),
    ]) {
      const { status, body } = await answer(refused);
      expect(status).toBe(403);
      expect(body.error.message).toContain('You may not get pods/log in');
    }
    const { status, body } = await answer(await audit.GET(asked('/api/audit', shopOnly)));
    expect(status).toBe(403);
    expect(body.error.message).toContain('audit');
    expect((await audit.GET(asked('/api/audit', { ...shopOnly, audit: true }))).status).toBe(200);
  });

  it("sees the webhook's state, and of its evidence only what is theirs", async () => {
    const { status, body } = await answer(await webhook.GET(asked('/api/webhook', shopOnly)));
    expect(status).toBe(200);
    expect(body.state.ok).toBe(true);
    expect(body.pods).toMatchObject({ ok: false, error: { code: 'withheld' } });
    expect(body.snapshotRuns).toMatchObject({ ok: false, error: { code: 'withheld' } });
    if (body.failedCreates.ok)
      expect(body.failedCreates.value.filter((g: { owner: { namespace: string } }) => g.owner.namespace !== 'shop')).toEqual([]);
    const everyone = await answer(await webhook.GET(asked('/api/webhook', EVERYTHING)));
    expect(everyone.body.pods.ok).toBe(true);
  });
});

describe('a request that did not pass the sign-in gate', () => {
  it('is refused, not answered as if nobody had to sign in', async () => {
    const { status, body } = await answer(await pods.GET(asked('/api/pods', null)));
    expect(status).toBe(401);
    expect(body.error.code).toBe('unauthorized');
  });

  // Issue 55, item 1: these answered a request that slipped past the gate (a dot segment) in full.
  it('is refused by the routes everyone signed in reads too: the lifecycle, the caches, the state, the probe', async () => {
    const probe = new Request('http://127.0.0.1:3000/api/webhook/probe', {
      method: 'POST',
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }, // from memdash's own page
    });
    for (const [path, response] of [
      ['/api/lifecycle', await lifecycle.GET(asked('/api/lifecycle', null))],
      ['/api/caches', await caches.GET(asked('/api/caches', null))],
      ['/api/webhook/state', await webhookState.GET(asked('/api/webhook/state', null))],
      ['/api/webhook/probe', await webhookProbe.POST(probe)],
    ] as const) {
      const { status, body } = await answer(response);
      expect({ path, status, code: body.error?.code }).toEqual({ path, status: 401, code: 'unauthorized' });
    }
  });
});

describe('the rights checks memdash counts on /metrics', () => {
  it('asks once per person while their rights are kept, and counts the access reviews it took', async () => {
    const { defaultCluster } = await import('@/lib/cluster/registry');
    const { rightsOf } = await import('@/lib/k8s/rights');
    const { rightsChecks, subjectAccessReviews } = await import('@/lib/metrics/metrics');
    const counted = async () => ({
      checks: (await rightsChecks.get()).values[0]?.value ?? 0,
      reviews: (await subjectAccessReviews.get()).values[0]?.value ?? 0,
    });
    const k = defaultCluster();
    const namespaces = ['shop', 'payments'];
    // bound to nothing: a name no binding of the local cluster mentions
    const nobody = { user: `rights-count-${process.pid}-${Date.now()}`, groups: [] };
    // the memdash-viewer ClusterRole's user (e2e/cluster/scenario/rbac.ts): lists pods everywhere, gets the table
    const viewer = { user: 'viewer', groups: [] };
    const before = await counted();
    const [first, again, ofViewer] = await Promise.all([
      rightsOf(k, nobody, namespaces),
      rightsOf(k, nobody, namespaces),
      rightsOf(k, viewer, namespaces),
    ]);
    expect(await rightsOf(k, nobody, namespaces)).toBe(first);
    expect(again).toBe(first);
    expect(first).toEqual({ pods: [], table: false, kyvernoLogs: false, audit: false });
    expect(ofViewer).toMatchObject({ pods: 'all', table: true });
    const after = await counted();
    expect(after.checks - before.checks).toBe(2);
    // nobody: everywhere, the table, Kyverno's logs, then each namespace; viewer: the first three only
    expect(after.reviews - before.reviews).toBe(3 + namespaces.length + 3);
  });
});
