import { describe, expect, it } from 'vitest';
import { createdInGaps, createdMeanwhile, gapWindows, type ExplainedPod } from './created-meanwhile';

const pod = (
  namespace: string,
  name: string,
  createdAt: string,
  workload: ExplainedPod['workload'],
  verdict: ExplainedPod['containers'][0]['verdict'],
): ExplainedPod => ({ namespace, name, createdAt, workload, containers: [{ name: 'app', verdict, request: 268435456, row: 67108864 }] });

describe('createdMeanwhile', () => {
  const since = new Date('2026-10-06T10:00:00Z');
  const pods = [
    pod('shop', 'web-abc-1', '2026-10-06T10:01:00Z', { kind: 'Deployment', name: 'web' }, 'registration-absent'),
    pod('shop', 'web-abc-2', '2026-10-06T10:02:00Z', { kind: 'Deployment', name: 'web' }, 'registration-absent'),
    pod('shop', 'old-1', '2026-10-06T09:59:59Z', { kind: 'Deployment', name: 'old' }, 'set'),
    pod('kube-system', 'coredns-1', '2026-10-06T10:01:00Z', { kind: 'Deployment', name: 'coredns' }, 'skipped-namespace'),
    pod('development', 'debug', '2026-10-06T10:03:00Z', null, 'no-workload'),
    pod('shop', 'report-1', '2026-10-06T10:03:00Z', { kind: 'Job', name: 'report' }, 'registration-absent'),
  ];

  it('groups covered pods created since by workload, with their verdicts', () => {
    const groups = createdMeanwhile(pods, since);
    expect(groups.map((g) => `${g.namespace}/${g.workload?.name ?? g.pods[0]!.name}`)).toEqual([
      'development/debug',
      'shop/report',
      'shop/web',
    ]);
    const web = groups.find((g) => g.workload?.name === 'web')!;
    expect(web.pods).toHaveLength(2);
    expect(web.verdicts).toEqual({ 'registration-absent': 2 });
    expect(web.restartable).toBe(true);
  });

  it('lists a pod stamped in the second of the deletion, which was recorded with milliseconds', () => {
    const groups = createdMeanwhile(
      [pod('shop', 'web-abc-0', '2026-10-06T10:00:00Z', { kind: 'Deployment', name: 'web' }, 'registration-absent')],
      new Date('2026-10-06T10:00:00.154Z'),
    );
    expect(groups.map((g) => g.pods.map((p) => p.name))).toEqual([['web-abc-0']]);
  });

  it('leaves out the pods created once the registration was back', () => {
    const groups = createdMeanwhile(pods, since, new Date('2026-10-06T10:01:30Z'));
    expect(groups.map((g) => g.pods.map((p) => p.name))).toEqual([['web-abc-1']]);
  });

  it('lists a pod stamped in the second the registration came back (a creation time too), not one of the next second', () => {
    // the registration re-created at 10:01:30.700 is stamped 10:01:30; a pod created at 10:01:30.200, before it, too
    const edge = [
      pod('shop', 'web-abc-3', '2026-10-06T10:01:30Z', { kind: 'Deployment', name: 'web' }, 'registration-absent'),
      pod('shop', 'web-abc-4', '2026-10-06T10:01:31Z', { kind: 'Deployment', name: 'web' }, 'set'),
    ];
    const groups = createdMeanwhile(edge, since, new Date('2026-10-06T10:01:30Z'));
    expect(groups.map((g) => g.pods.map((p) => p.name))).toEqual([['web-abc-3']]);
  });

  it('only Deployments, StatefulSets and DaemonSets can be restarted', () => {
    const groups = createdMeanwhile(pods, since);
    expect(groups.find((g) => g.workload?.name === 'report')!.restartable).toBe(false);
    expect(groups.find((g) => g.workload === null)!.restartable).toBe(false);
  });
});

describe('createdInGaps: every gap of an incident, not only its last', () => {
  // two gaps: 10:00–10:10 (the break-glass), the registration back 10:10–10:30, gone again 10:30–10:40 (a second crash)
  const gaps = [
    { from: '2026-10-06T10:00:00.154Z', since: '2026-10-06T10:00:00.154Z', to: '2026-10-06T10:10:00.000Z' },
    { from: '2026-10-06T10:30:02.000Z', since: '2026-10-06T10:30:00.500Z', to: '2026-10-06T10:40:00.000Z' },
  ];
  const pods = [
    pod('shop', 'web-1', '2026-10-06T10:00:00Z', { kind: 'Deployment', name: 'web' }, 'registration-absent'),
    pod('shop', 'web-2', '2026-10-06T10:20:00Z', { kind: 'Deployment', name: 'web' }, 'set'),
    pod('shop', 'cart-1', '2026-10-06T10:30:01Z', { kind: 'Deployment', name: 'cart' }, 'registration-absent'),
    pod('shop', 'cart-2', '2026-10-06T10:41:00Z', { kind: 'Deployment', name: 'cart' }, 'set'),
  ];

  it('each gap from the earliest it may have gone, to its return', () => {
    expect(gapWindows(gaps)).toEqual([
      { from: '2026-10-06T10:00:00.154Z', to: '2026-10-06T10:10:00.000Z' },
      { from: '2026-10-06T10:30:00.500Z', to: '2026-10-06T10:40:00.000Z' },
    ]);
  });

  it('lists the pods of both gaps, and not the one created between them, through Kyverno', () => {
    const groups = createdInGaps(pods, gapWindows(gaps));
    expect(groups.map((g) => `${g.workload!.name}: ${g.pods.map((p) => p.name).join(' ')}`)).toEqual(['cart: cart-1', 'web: web-1']);
  });

  it('a gap still open lists everything since it began', () => {
    const open = [{ from: '2026-10-06T10:30:00.500Z', to: null }];
    expect(createdInGaps(pods, open).flatMap((g) => g.pods.map((p) => p.name))).toEqual(['cart-1', 'cart-2']);
    expect(createdInGaps(pods, [])).toEqual([]);
  });
});
