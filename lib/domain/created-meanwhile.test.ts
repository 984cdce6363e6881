import { describe, expect, it } from 'vitest';
import { createdMeanwhile, type ExplainedPod } from './created-meanwhile';

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

  it('only Deployments, StatefulSets and DaemonSets can be restarted', () => {
    const groups = createdMeanwhile(pods, since);
    expect(groups.find((g) => g.workload?.name === 'report')!.restartable).toBe(false);
    expect(groups.find((g) => g.workload === null)!.restartable).toBe(false);
  });
});
