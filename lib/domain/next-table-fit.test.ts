import { describe, expect, it } from 'vitest';
import { nextTableFit } from './next-table-fit';
import { parseRatio } from './fit-limits';
import { tolerates } from './fit-pods';
import type { FitInput, FitNode, FitPod } from './fit-types';

const Mi = 1024 * 1024;

function pod(name: string, over: Partial<FitPod> & { request?: number; limit?: number | null } = {}): FitPod {
  const { request = 100, limit = 1024, ...rest } = over;
  return {
    namespace: 'batch',
    name,
    workload: name.replace(/-\d+$/, ''),
    nodeName: 'n1',
    phase: 'Running',
    sent: true,
    nodeSelector: {},
    tolerations: [],
    containers: [{ name: 'app', init: false, request: request * Mi, limit: limit === null ? null : limit * Mi }],
    ...rest,
  };
}

const node = (name: string, allocatable: string | null, over: Partial<FitNode> = {}): FitNode => ({
  name,
  allocatable,
  labels: {},
  taints: [],
  unschedulable: false,
  ...over,
});

function input(over: Partial<FitInput>): FitInput {
  return { pods: [], nodes: [node('n1', '1Gi')], quotas: [], limits: [], next: {}, ...over };
}

describe('nextTableFit: nodes', () => {
  it('sums requests today and with the next table, capping each row at the limit as the policy does', () => {
    const report = nextTableFit(
      input({
        pods: [pod('ingest-1', { request: 300 }), pod('ingest-2', { request: 300 }), pod('etl-1', { request: 200, limit: 400 })],
        next: { batch_ingest_app: '500Mi', batch_etl_app: '900Mi' },
      }),
    );
    const [n1] = report.nodes;
    expect(n1).toMatchObject({ allocatable: 1024 * Mi, pods: 3, now: 800 * Mi, next: 1400 * Mi, overNow: false, overNext: true });
    expect(n1!.top).toEqual([
      { namespace: 'batch', workload: 'ingest', pods: 2, adds: 400 * Mi },
      { namespace: 'batch', workload: 'etl', pods: 1, adds: 200 * Mi },
    ]);
    expect(report.changed).toBe(3);
    expect(report.warnings).toContain('node n1 is over-committed');
  });

  it("keeps today's request for a pod Kyverno does not see, a pod without a row, and an ended pod holds none", () => {
    const report = nextTableFit(
      input({
        pods: [pod('a-1', { sent: false }), pod('b-1'), pod('c-1', { phase: 'Succeeded' })],
        next: { batch_a_app: '900Mi' },
      }),
    );
    expect(report.nodes[0]).toMatchObject({ now: 200 * Mi, next: 200 * Mi, pods: 2 });
  });

  it('counts the largest init container when it is more than the containers together', () => {
    const p = pod('w-1', { request: 100 });
    p.containers.push({ name: 'migrate', init: true, request: 300 * Mi, limit: null });
    expect(nextTableFit(input({ pods: [p] })).nodes[0]!.now).toBe(300 * Mi);
  });

  it('says so of a node without allocatable, and of one whose allocatable is no quantity', () => {
    const report = nextTableFit(input({ nodes: [node('n1', null), node('n2', 'lots')], pods: [pod('a-1')] }));
    expect(report.nodes.map((n) => n.allocatable)).toEqual([null, null]);
    expect(report.notes).toEqual([
      'Node n1 reports no allocatable memory: its room is unknown, and it is left out of "fits on no node".',
      'Node n2\'s allocatable memory "lots" is no quantity: its room is unknown.',
    ]);
    expect(report.nowhere).toEqual([]);
  });
});

describe('nextTableFit: fits on no node', () => {
  const taint = { key: 'pool', value: 'batch', effect: 'NoSchedule' };
  const nodes = [node('n1', '1Gi', { labels: { pool: 'batch' }, taints: [taint] }), node('n2', '8Gi')];

  it('finds the room on the nodes its selector and tolerations allow, its own request given back on its node', () => {
    const big = pod('big-1', {
      request: 500,
      limit: 2048,
      nodeSelector: { pool: 'batch' },
      tolerations: [{ key: 'pool', operator: 'Equal', value: 'batch' }],
    });
    const other = pod('other-1', { request: 300, nodeSelector: { pool: 'batch' }, tolerations: [{ key: 'pool', operator: 'Exists' }] });
    const report = nextTableFit(input({ nodes, pods: [big, other], next: { batch_big_app: '800Mi' } }));
    expect(report.nowhere).toEqual([
      { namespace: 'batch', pod: 'big-1', workload: 'big', node: 'n1', now: 500 * Mi, next: 800 * Mi, room: 724 * Mi, eligible: 1 },
    ]);
    expect(report.warnings).toContain("1 pod's next request fits on no node");
  });

  it('lets a pod without the toleration run only on the untainted node', () => {
    const free = pod('free-1', { request: 500, nodeName: 'n2' });
    expect(nextTableFit(input({ nodes, pods: [free], next: { batch_free_app: '900Mi' } })).nowhere).toEqual([]);
    const stuck = pod('stuck-1', { nodeName: null, phase: 'Pending', nodeSelector: { pool: 'batch' } });
    expect(nextTableFit(input({ nodes, pods: [stuck] })).nowhere[0]).toMatchObject({ pod: 'stuck-1', room: null, eligible: 0 });
  });

  it('matches tolerations as Kubernetes does', () => {
    expect(tolerates({ operator: 'Exists' }, taint)).toBe(true);
    expect(tolerates({ key: 'pool', operator: 'Equal', value: 'other' }, taint)).toBe(false);
    expect(tolerates({ key: 'pool', operator: 'Exists', effect: 'NoExecute' }, taint)).toBe(false);
    expect(tolerates({ key: 'pool', value: 'batch' }, taint)).toBe(true);
  });
});

describe('nextTableFit: quotas and LimitRanges', () => {
  const pods = [pod('ingest-1', { request: 300 }), pod('ingest-2', { request: 300 }), pod('etl-1', { request: 700 })];
  const quota = { namespace: 'batch', name: 'mem', hard: '2300M', used: '1300Mi' };

  it("names the workloads whose next pod the quota refuses, and whether today's request would pass", () => {
    const report = nextTableFit(input({ pods, quotas: [quota], next: { batch_ingest_app: '1000Mi' } }));
    const [q] = report.quotas;
    expect(q).toMatchObject({ hard: 2_300_000_000, now: 1300 * Mi, next: 2700 * Mi, overNext: true, usedText: '1300Mi' });
    expect(q!.refused).toEqual([{ namespace: 'batch', workload: 'ingest', now: 300 * Mi, next: 1000 * Mi, raised: true }]);
    expect(report.warnings[0]).toBe("namespace batch goes over its quota: ingest's next pod is refused");
    // a namespace already full: today's request is refused too, so the refusal is not the next table's
    const full = nextTableFit(input({ pods, quotas: [{ ...quota, hard: '1400Mi' }], next: { batch_ingest_app: '1000Mi' } }));
    expect(full.quotas[0]!.refused.map((r) => [r.workload, r.raised])).toEqual([
      ['ingest', false],
      ['etl', false],
    ]);
    expect(full.warnings[0]).toBe("namespace batch goes over its quota: ingest's and etl's next pods are refused");
    expect(report.notes).toEqual([
      "ResourceQuota batch/mem's requests.memory is written in decimal units: 2300M is 2194Mi (1G is 954Mi, not 1Gi).",
    ]);
  });

  it('says when a quota is no quantity, and refuses nothing on it', () => {
    const report = nextTableFit(input({ pods, quotas: [{ ...quota, hard: 'two gigs' }] }));
    expect(report.quotas[0]).toMatchObject({ hard: null, refused: [], overNext: false });
    expect(report.notes[0]).toContain('"two gigs" is no quantity');
  });

  it('lists the LimitRange bounds a next request breaks, and only those the next table changes', () => {
    const limits = [{ namespace: 'batch', limitRange: 'bounds', type: 'Container', max: '800Mi', min: '64Mi', maxLimitRequestRatio: '4' }];
    const trim = pod('trim-1', { request: 256, limit: 1024 });
    const report = nextTableFit(input({ pods: [...pods, trim], limits, next: { batch_ingest_app: '1000Mi', batch_trim_app: '200Mi' } }));
    expect(report.breaches.map((b) => [b.workload, b.kind, b.bound])).toEqual([
      ['ingest', 'max', '800Mi'],
      ['trim', 'ratio', '4'],
    ]);
    expect(report.breaches[1]!.words).toBe('its limit 1024Mi over its next request 200Mi is above the ratio 4');
    expect(parseRatio('2500m')).toBe(2.5);
  });

  it('cuts the answer to the namespaces they see and to one workload', () => {
    const everything = input({ pods, quotas: [quota], next: { batch_ingest_app: '1000Mi' } });
    expect(nextTableFit(everything, { sees: () => false }).quotas).toEqual([]);
    const mine = nextTableFit(everything, { sees: () => true, workload: { namespace: 'batch', name: 'etl' } });
    expect(mine.quotas[0]!.refused).toEqual([]);
    expect(mine.quotas[0]!.next).toBe(2700 * Mi);
    expect(mine.nodes.map((n) => n.name)).toEqual(['n1']);
  });

  it('counts only the pods of the namespaces they see, names no other quota, and counts the namespaces left out', () => {
    const shop = (name: string) => pod(name, { namespace: 'shop', request: 200 });
    const decimal = { namespace: 'batch', name: 'batch-memory', hard: '2200M', used: '1Gi' };
    const everything = input({
      pods: [...pods, shop('web-1'), shop('web-2'), pod('x-1', { namespace: 'payments' })],
      quotas: [decimal, { namespace: 'shop', name: 'shop-memory', hard: '4Gi', used: '400Mi' }],
      next: { batch_ingest_app: '1000Mi', shop_web_app: '300Mi' },
    });
    const all = nextTableFit(everything);
    expect([all.pods, all.unreadNamespaces]).toEqual([pods.length + 3, 0]);
    expect(all.notes.join('\n')).toContain('batch/batch-memory');

    const mine = nextTableFit(everything, { sees: (ns) => ns === 'shop' });
    expect(mine).toMatchObject({ pods: 2, changed: 2, unreadNamespaces: 2 });
    expect(mine.quotas.map((q) => `${q.namespace}/${q.name}`)).toEqual(['shop/shop-memory']);
    expect(JSON.stringify(mine)).not.toMatch(/batch|payments|ingest|etl/);
    expect(mine.nodes[0]).toMatchObject({ name: 'n1', pods: 2, next: all.nodes[0]!.next });
  });
});
