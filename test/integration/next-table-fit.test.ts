// The next table's fit on the local cluster: the batch pool (e2e/cluster/scenario/batch-pool.ts) is a tainted node
// with little allocatable memory and a namespace with a ResourceQuota and a LimitRange. Every number is worked out
// here from kubectl and the scenario's inputs (the stand-in's cap: the row, or the limit when the row is above it),
// never from memdash's code. Then a real refusal: the table raised, ingest scaled up, the quota refuses the pod, and
// the webhook page and the break-glass evidence name it as the quota's, not the webhook's.
import { afterAll, describe, expect, it } from 'vitest';
import { waitForTable } from '../../e2e/cluster/kyverno/harness.ts';
import { bytesOf, requestFor } from '../../e2e/cluster/kyverno/mutation.ts';
import { BATCH_LIMITS, BATCH_NAMESPACE, BATCH_NODE, BATCH_QUOTA, BATCH_WORKLOADS } from '../../e2e/cluster/scenario/batch-pool.ts';
import { prometheusUrl } from '../../e2e/cluster/lib/prometheus.ts';
import { backfilledP90Mi } from './backfill';
import { kubeconfig, kubectl, kubectlJson, requireCluster, until } from './cluster';
import { mergeTableData, tableData } from './own-deployment';

const cluster = requireCluster();
process.env.KUBECONFIG = kubeconfig('viewer');
process.env.MEMDASH_PROMETHEUS_URL = prometheusUrl(cluster);
const { fitOfRows, readNextTableFit } = await import('@/lib/views/next-table-fit');
const { readWebhookHealth } = await import('@/lib/views/webhook-health');
const { readBreakGlass } = await import('@/lib/views/break-glass');
const { EVERYTHING } = await import('@/lib/domain/rights');
const { defaultCluster } = await import('@/lib/cluster/registry');
const { previewSnapshot } = await import('@/lib/views/snapshot-preview');

interface Container {
  name: string;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface Pod {
  metadata: { name: string; namespace: string; labels?: Record<string, string> };
  spec: { nodeName?: string; containers: Container[]; initContainers?: Container[] };
  status: { phase?: string };
}

const Mi = 2 ** 20;
const memory = (r?: Record<string, string>) => (r?.memory === undefined ? 0 : bytesOf(r.memory));
/** The scheduler's and the quota's request of a pod: its containers summed, or its largest init container's. */
const requestOf = (pod: Pod, size: (c: Container) => number) =>
  Math.max(
    pod.spec.containers.reduce((s, c) => s + size(c), 0),
    ...(pod.spec.initContainers ?? []).map(size),
  );
const holding = (p: Pod) => p.status.phase !== 'Succeeded' && p.status.phase !== 'Failed';
const everyPod = () => kubectlJson<{ items: Pod[] }>(['get', 'pods', '-A']).items.filter(holding);
const batchPods = () => everyPod().filter((p) => p.metadata.namespace === BATCH_NAMESPACE);
const workloadOf = (p: Pod) => p.metadata.labels?.['app.kubernetes.io/name'] ?? '';
const failedCreates = () =>
  kubectlJson<{ items: Array<{ message: string; involvedObject: { name: string } }> }>([
    '-n',
    BATCH_NAMESPACE,
    'get',
    'events',
    '--field-selector=reason=FailedCreate',
  ]).items;

/** The next table of this test: today's, with the batch pool's rows raised (trim's lowered). */
const RAISED: Record<string, string> = { ingest: '700Mi', etl: '650Mi', trim: '180Mi', big: '1300Mi' };
const nextTable = () => ({ ...tableData(), ...Object.fromEntries(Object.entries(RAISED).map(([w, v]) => [`batch_${w}_${w}`, v])) });
const nextOf = (p: Pod) =>
  requestOf(p, (c) =>
    RAISED[workloadOf(p)] ? bytesOf(requestFor(RAISED[workloadOf(p)]!, c.resources?.limits?.memory)) : memory(c.resources?.requests),
  );
const nowOf = (p: Pod) => requestOf(p, (c) => memory(c.resources?.requests));

describe('the next table against the nodes, the quota and the LimitRange', async () => {
  const view = await fitOfRows(defaultCluster(), nextTable(), { kind: 'preview', computedAt: new Date().toISOString() }, new Date());
  const report = view.report;
  const pods = batchPods();
  if (pods.length !== 5) throw new Error(`precondition: the batch pool runs 5 pods (it runs ${pods.length})`);

  it("gives each node kubectl's allocatable and the sum of its pods' requests now", () => {
    const nodes = kubectlJson<{ items: Array<{ metadata: { name: string }; status: { allocatable: { memory: string } } }> }>([
      'get',
      'nodes',
    ]).items;
    const all = everyPod();
    const expected = nodes.map((n) => ({
      name: n.metadata.name,
      allocatable: bytesOf(n.status.allocatable.memory),
      now: all.filter((p) => p.spec.nodeName === n.metadata.name).reduce((s, p) => s + nowOf(p), 0),
    }));
    expect(
      report.nodes.map(({ name, allocatable, now }) => ({ name, allocatable, now })).sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual(expected.sort((a, b) => a.name.localeCompare(b.name)));
  });

  it('over-commits the batch node with the next table, and names the workloads that add the most', () => {
    const node = report.nodes.find((n) => n.name === BATCH_NODE)!;
    const next = pods.reduce((s, p) => s + nextOf(p), 0);
    expect(node.next).toBe(next);
    expect(node.allocatable).toBe(2200 * Mi);
    expect(node.overNext).toBe(next > 2200 * Mi);
    expect(node.overNext).toBe(true);
    const adds = new Map<string, number>();
    for (const p of pods) adds.set(workloadOf(p), (adds.get(workloadOf(p)) ?? 0) + nextOf(p) - nowOf(p));
    const top = [...adds].filter(([, a]) => a > 0).sort((a, b) => b[1] - a[1]);
    expect(node.top.map((t) => [t.workload, t.adds])).toEqual(top);
    expect(report.warnings).toContain(`node ${BATCH_NODE} is over-committed`);
  });

  it("lists the pods whose next request fits on no node they may run on (big's, on the only node it tolerates)", () => {
    const onNode = pods.reduce((s, p) => s + nowOf(p), 0);
    const expected = pods
      .map((p) => ({ pod: p.metadata.name, next: nextOf(p), room: 2200 * Mi - onNode + nowOf(p) }))
      .filter((p) => p.next > p.room);
    expect(expected.map((p) => p.pod)).toEqual([expect.stringMatching(/^big-/)]);
    expect(report.nowhere.map((p) => ({ pod: p.pod, next: p.next, room: p.room }))).toEqual(expected);
  });

  it("gives the quota's hard, its use now (the quota controller's) and with the next table, and whose next pod it refuses", () => {
    const quota = kubectlJson<{ spec: { hard: Record<string, string> }; status: { used: Record<string, string> } }>([
      '-n',
      BATCH_NAMESPACE,
      'get',
      'resourcequota',
      BATCH_QUOTA.name,
    ]);
    const hard = bytesOf(quota.spec.hard['requests.memory']!);
    const used = pods.reduce((s, p) => s + nowOf(p), 0);
    expect(used).toBe(bytesOf(quota.status.used['requests.memory']!));
    const [fit] = report.quotas.filter((q) => q.namespace === BATCH_NAMESPACE);
    expect(fit).toMatchObject({
      name: BATCH_QUOTA.name,
      hardText: '2200M',
      hard,
      now: used,
      next: pods.reduce((s, p) => s + nextOf(p), 0),
      overNext: true,
    });
    const refused = BATCH_WORKLOADS.map((w) => {
      const mine = pods.filter((p) => workloadOf(p) === w.name);
      return { workload: w.name, now: nowOf(mine[0]!), next: Math.max(...mine.map(nextOf)) };
    })
      .filter((r) => used + r.next > hard)
      .map((r) => ({ ...r, raised: used + r.now <= hard }));
    expect(refused.map((r) => r.workload).sort()).toEqual(['big', 'etl', 'ingest']);
    expect(
      fit!.refused
        .map(({ workload, now, next, raised }) => ({ workload, now, next, raised }))
        .sort((a, b) => a.workload.localeCompare(b.workload)),
    ).toEqual(refused.sort((a, b) => a.workload.localeCompare(b.workload)));
    expect(report.notes).toContain(
      `ResourceQuota batch/${BATCH_QUOTA.name}'s requests.memory is written in decimal units: 2200M is 2099Mi (1G is 954Mi, not 1Gi).`,
    );
    expect(report.warnings[0]).toMatch(/^namespace batch goes over its quota: .+ next pods are refused$/);
  });

  it("names trim's next pod, below the LimitRange's limit-to-request ratio", () => {
    const ratio = Number(BATCH_LIMITS.maxLimitRequestRatio);
    const expected = pods
      .filter((p) => nextOf(p) !== nowOf(p))
      .filter((p) => bytesOf(p.spec.containers[0]!.resources!.limits!.memory!) / nextOf(p) > ratio)
      .map((p) => workloadOf(p));
    expect(expected).toEqual(['trim']);
    expect(report.breaches.map((b) => [b.workload, b.kind, b.value])).toEqual([['trim', 'ratio', 180 * Mi]]);
  });
});

describe("the panels' fit: today's table when no preview was computed, one workload's part", () => {
  it('shows the batch node and quota for batch/ingest, its pods as they are', async () => {
    const view = await readNextTableFit(defaultCluster(), EVERYTHING, new Date(), { namespace: BATCH_NAMESPACE, name: 'ingest' });
    expect(view.source.kind).toBe('today');
    expect(view.report.nodes.map((n) => n.name)).toEqual([BATCH_NODE]);
    const used = batchPods().reduce((s, p) => s + nowOf(p), 0);
    expect(view.report.quotas.map((q) => [q.name, q.now, q.next, q.refused])).toEqual([[BATCH_QUOTA.name, used, used, []]]);
  });
});

describe('a real refusal by the quota after a raised row', () => {
  const saved = tableData()['batch_ingest_ingest'];
  afterAll(async () => {
    kubectl(['-n', BATCH_NAMESPACE, 'scale', 'deployment', 'ingest', '--replicas=2'], 'admin');
    mergeTableData({ batch_ingest_ingest: saved ?? null });
    await waitForTable(tableData());
  }, 60_000);

  it('refuses the raised pod, and the panel said it would; the pages name the quota, not the webhook', async () => {
    if (saved !== '300Mi') throw new Error(`precondition: row batch_ingest_ingest is 300Mi (it is ${saved})`);
    mergeTableData({ batch_ingest_ingest: '700Mi' });
    await waitForTable(tableData());
    const predicted = await readNextTableFit(defaultCluster(), EVERYTHING, new Date(), { namespace: BATCH_NAMESPACE, name: 'ingest' });
    expect(predicted.report.quotas[0]!.refused).toMatchObject([{ workload: 'ingest', next: 700 * Mi, raised: true }]);

    kubectl(['-n', BATCH_NAMESPACE, 'scale', 'deployment', 'ingest', '--replicas=3'], 'admin');
    const rs = kubectl([
      '-n',
      BATCH_NAMESPACE,
      'get',
      'rs',
      '-l',
      'app.kubernetes.io/name=ingest',
      '-o',
      'jsonpath={.items[?(@.spec.replicas==3)].metadata.name}',
    ]).trim();
    if (!rs) throw new Error('precondition: the ingest ReplicaSet was scaled to 3');
    const message = await until(
      `a FailedCreate event on ReplicaSet ${rs}`,
      () => failedCreates().find((e) => e.involvedObject.name === rs)?.message,
      60_000,
    );
    expect(message).toMatch(/exceeded quota: batch-memory, requested: requests.memory=700Mi/);

    const owner = `${BATCH_NAMESPACE}/${rs}`;
    const named = (part: { ok: boolean; value?: Array<{ owner: { namespace: string; name: string } }> }) =>
      part.ok && part.value!.some((g) => `${g.owner.namespace}/${g.owner.name}` === owner);
    const health = await until(
      `the webhook page's quota refusals to name ${owner}`,
      async () => {
        const h = await readWebhookHealth(defaultCluster(), EVERYTHING);
        return named(h.quotaRefusals) && h;
      },
      30_000,
    );
    expect(health.failedCreates.ok && health.failedCreates.value.some((g) => g.owner.name === rs)).toBe(false);
    const breakGlass = await readBreakGlass(defaultCluster(), EVERYTHING);
    const evidence = breakGlass.evidence;
    expect(evidence.quotaRefusals.ok && evidence.quotaRefusals.value.map((g) => `${g.owner.namespace}/${g.owner.name}`)).toContain(owner);
    expect(evidence.failedCreates.ok && evidence.failedCreates.value.some((g) => g.owner.name === rs)).toBe(false);
  }, 120_000);
});

describe("the preview's fit: the rows it computed, and the panels after it", () => {
  // The preview's rows are the job's (snapshot-preview.test.ts holds them to the job's own run): here they are the
  // next table whose fit is checked, each also near the p90 the backfill's own generator gives (a sample at the
  // window's edge may fall either side of it).
  it("sums on the batch node the preview's rows, each capped at its limit", async () => {
    const outcome = await previewSnapshot(defaultCluster(), new Date(), new AbortController().signal);
    if (!('preview' in outcome)) throw new Error(`precondition: the preview computes (${outcome.problem.message})`);
    const { window, fit, rows } = outcome.preview;
    if (!fit.ok) throw new Error(`the preview's fit failed: ${fit.error.message}`);
    const next = new Map<string, number>();
    for (const w of BATCH_WORKLOADS) {
      const c = w.containers[0]!;
      const row = rows[`${BATCH_NAMESPACE}_${w.name}_${c.name}`]!;
      const p90 = await backfilledP90Mi(BATCH_NAMESPACE, w.name, c.name, window.start, window.end);
      expect(Math.abs(bytesOf(row) / Mi - p90)).toBeLessThanOrEqual(1);
      next.set(w.name, bytesOf(requestFor(row, c.limit)));
    }
    const pods = batchPods();
    const expected = pods.reduce((s, p) => s + next.get(workloadOf(p))!, 0);
    const node = fit.value.report.nodes.find((n) => n.name === BATCH_NODE)!;
    expect(node).toMatchObject({ now: pods.reduce((s, p) => s + nowOf(p), 0), next: expected, overNext: expected > 2200 * Mi });
    expect(fit.value.report.quotas.find((q) => q.namespace === BATCH_NAMESPACE)!.next).toBe(expected);
    expect(fit.value.report.warnings[0]).toMatch(/^namespace batch goes over its quota: .+ refused$/);
  }, 300_000);

  it("then gives the panels the preview's rows, and says so", async () => {
    const view = await readNextTableFit(defaultCluster(), EVERYTHING, new Date(), { namespace: BATCH_NAMESPACE, name: 'big' });
    expect(view.source.kind).toBe('preview');
    expect(view.report.nowhere.map((p) => p.workload)).toEqual(['big']);
  });
});
