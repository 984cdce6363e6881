import { describe, expect, it } from 'vitest';
import { nextTableFit } from './next-table-fit';
import { evictionLead, nextPodRefusals, podAdviceFor, type PodAdviceInput } from './pod-advice';
import type { FitInput, FitPod } from './fit-types';

const Mi = 1024 * 1024;

const base: PodAdviceInput = {
  namespace: 'shop',
  workload: { kind: 'Deployment', name: 'web' },
  kubectl: 'kubectl',
  containers: [],
  eviction: null,
  refusals: [],
};
const stale = (name: string) => ({ name, verdict: 'stale' as const, nextPod: `Its next pod gets 300Mi from row shop/web/${name}.` });

// The kubelet's words for an eviction under node memory pressure (pkg/kubelet/eviction/helpers.go).
const KUBELET_EVICTION =
  'The node was low on resource: memory. Threshold quantity: 100Mi, available: 92Mi. Container worker was using 400Mi, request is 210Mi, has larger consumption of memory. ';

describe('podAdviceFor', () => {
  it('says a restart once for a pod whose three containers are stale', () => {
    const advice = podAdviceFor({ ...base, containers: [stale('migrate'), stale('app'), stale('nginx')] });
    expect(advice.lines.map((l) => l.container)).toEqual(['migrate', 'app', 'nginx']);
    expect(advice.lines[0]!.nextPod).toBe('Its next pod gets 300Mi from row shop/web/migrate');
    expect(advice.action).toBe('Restart deployment/web to apply it');
    expect(advice.command).toBe('kubectl $KC -n shop rollout restart deployment/web');
    expect(advice.lead).toBeNull();
  });

  it('says a restart for one stale container beside a set one, and nothing to do when all are set', () => {
    const set = { name: 'nginx', verdict: 'set' as const, nextPod: 'Its next pod gets 24Mi.' };
    expect(podAdviceFor({ ...base, containers: [stale('app'), set] }).action).toBe('Restart deployment/web to apply it');
    expect(podAdviceFor({ ...base, containers: [set] })).toMatchObject({ action: 'Nothing to do', command: null });
  });

  it('does not tell to restart a workload whose next pod the quota and the nodes refuse, and says why', () => {
    const advice = podAdviceFor({
      ...base,
      namespace: 'batch',
      workload: { kind: 'Deployment', name: 'big' },
      containers: [stale('big')],
      refusals: ["is refused by namespace batch's quota batch-memory", 'fits on no node'],
    });
    expect(advice.action).toBe(
      "Do not restart deployment/big yet: its next pod is refused by namespace batch's quota batch-memory and fits on no node",
    );
    expect(advice.command).toBeNull();
  });

  it('tells to switch over first and go one instance at a time for a CloudNativePG instance', () => {
    const advice = podAdviceFor({
      ...base,
      namespace: 'payments',
      workload: { kind: 'Cluster', name: 'pg-main' },
      containers: [stale('postgres')],
    });
    expect(advice.action).toMatch(/^Replace one instance of cluster pg-main at a time, and switch over first if this one is the primary/);
    expect(advice.action).not.toMatch(/delete the pod/i);
    expect(advice.command).toBeNull();
  });

  it('keeps the delete for a stale pod without a restartable workload', () => {
    const job = podAdviceFor({ ...base, workload: { kind: 'Job', name: 'etl' }, containers: [stale('etl')] });
    expect(job).toMatchObject({ action: 'Delete the pod to apply it (no workload to restart)', command: null });
    expect(podAdviceFor({ ...base, workload: null, containers: [stale('shell')] }).command).toBeNull();
  });

  it('points at the evidence for an unexplained container', () => {
    const odd = { name: 'app', verdict: 'unexplained' as const, nextPod: 'Its next pod gets 300Mi.' };
    expect(podAdviceFor({ ...base, containers: [odd] }).action).toBe('Read the evidence below');
  });

  it('leads with the eviction of an evicted pod, not with its verdict, and offers no restart', () => {
    const advice = podAdviceFor({
      ...base,
      namespace: 'orders',
      workload: { kind: 'Deployment', name: 'batch' },
      containers: [stale('worker')],
      eviction: { message: KUBELET_EVICTION },
    });
    expect(advice.lead).toBe('Evicted: worker was using 400Mi against its 210Mi request');
    expect(advice.action).toBe('Nothing to restart: it no longer runs, and deployment/batch made a pod in its place');
    expect(advice.command).toBeNull();
  });
});

describe('evictionLead', () => {
  it('reads bytes and other units as the kubelet may write them', () => {
    expect(evictionLead(KUBELET_EVICTION.replace('400Mi', '419430400').replace('210Mi', '220200960'))).toBe(
      'Evicted: worker was using 400Mi against its 210Mi request',
    );
    expect(evictionLead('Container a was using 1Gi, request is 0, has larger consumption of memory.')).toBe(
      'Evicted: a was using 1024Mi against its 0Mi request',
    );
  });
  it('keeps a message worded otherwise', () => {
    expect(evictionLead('The node was low on resource: ephemeral-storage. ')).toBe(
      'Evicted: The node was low on resource: ephemeral-storage.',
    );
  });
});

describe('nextPodRefusals', () => {
  // the batch pool in small: a tainted node of 2200Mi, a quota of 2200M, and big's next request of 2300Mi
  const pod = (name: string, request: number): FitPod => ({
    namespace: 'batch',
    name,
    workload: name.replace(/-[a-z0-9]+$/, ''),
    nodeName: 'srvk8s4',
    phase: 'Running',
    sent: true,
    nodeSelector: { 'memdash.local/pool': 'batch' },
    tolerations: [{ key: 'memdash.local/pool', operator: 'Equal', value: 'batch', effect: 'NoSchedule' }],
    containers: [{ name: name.replace(/-[a-z0-9]+$/, ''), init: false, request: request * Mi, limit: 4096 * Mi }],
  });
  const input: FitInput = {
    pods: [pod('big-7f9c4', 400), pod('etl-5d2b1', 400)],
    nodes: [
      {
        name: 'srvk8s4',
        allocatable: '2200Mi',
        labels: { 'memdash.local/pool': 'batch' },
        taints: [{ key: 'memdash.local/pool', value: 'batch', effect: 'NoSchedule' }],
        unschedulable: false,
      },
    ],
    quotas: [{ namespace: 'batch', name: 'batch-memory', hard: '2200M', used: '800Mi' }],
    limits: [],
    next: { batch_big_big: '2300Mi', batch_etl_etl: '400Mi' },
  };

  it("names the quota that refuses the workload's next pod and that it fits on no node", () => {
    const report = nextTableFit(input, { sees: () => true, workload: { namespace: 'batch', name: 'big' } });
    expect(nextPodRefusals(report, 'batch', 'big')).toEqual(["is refused by namespace batch's quota batch-memory", 'fits on no node']);
  });

  it('says nothing of a workload whose next pod fits', () => {
    const report = nextTableFit(input, { sees: () => true, workload: { namespace: 'batch', name: 'etl' } });
    expect(nextPodRefusals(report, 'batch', 'etl')).toEqual([]);
  });
});
