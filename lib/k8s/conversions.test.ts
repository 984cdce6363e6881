// The conversions from client-node's objects to memdash's shapes, on the fixtures shaped like real objects.
// client-node hands timestamps over as Dates; the JSON fixtures hold them as text, so they are revived first.
import type { V1Deployment, V1Job, V1MutatingWebhookConfiguration, V1Pod, V1ValidatingWebhookConfiguration } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import deploymentJson from '@/lib/domain/__fixtures__/deployment-kyverno-admission-controller.json';
import registrationJson from '@/lib/domain/__fixtures__/mutatingwebhookconfiguration.json';
import podJson from '@/lib/domain/__fixtures__/pod-deployment.json';
import cronJobPodJson from '@/lib/domain/__fixtures__/pod-cronjob-job.json';
import policyAgentJson from '@/lib/domain/__fixtures__/validatingwebhookconfiguration-policy-agent.json';
import kyvernoJson from '@/lib/domain/__fixtures__/webhookconfigurations-kyverno.json';
import { observeRegistration } from '@/lib/history/recorder';
import { admissionPodOf, replicasOf } from './admission';
import { withKinds } from './registrations';
import { runOf } from './snapshot-runs';

const TIME_FIELDS = new Set(['creationTimestamp', 'deletionTimestamp', 'startTime', 'completionTime', 'lastTransitionTime']);

/** The object as client-node would return it: time fields as Dates. */
function revived<T>(json: unknown): T {
  return JSON.parse(JSON.stringify(json), (key, value) =>
    TIME_FIELDS.has(key) && typeof value === 'string' ? new Date(value) : value,
  ) as T;
}

describe('replicasOf', () => {
  it("reads the admission controller's replicas and its pods' labels", () => {
    expect(replicasOf(revived<V1Deployment>(deploymentJson))).toEqual({
      name: 'kyverno-admission-controller',
      desired: 3,
      ready: 3,
      updated: 3,
      available: 3,
      podLabels: {
        'app.kubernetes.io/component': 'admission-controller',
        'app.kubernetes.io/name': 'kyverno-admission-controller',
        'app.kubernetes.io/part-of': 'kyverno',
      },
    });
  });

  it('counts a Deployment without a status as none ready, and one without replicas as one desired', () => {
    const bare = revived<V1Deployment>({ ...deploymentJson, spec: { ...deploymentJson.spec, replicas: undefined }, status: undefined });
    expect(replicasOf(bare)).toMatchObject({ desired: 1, ready: 0, updated: 0, available: 0 });
  });
});

describe('admissionPodOf', () => {
  it('reads the node, phase, readiness, restarts and creation time of a running pod', () => {
    expect(admissionPodOf(revived<V1Pod>(podJson))).toEqual({
      name: 'web-6c9f7d8b45-x2x9k',
      node: 'srvk8s2',
      phase: 'Running',
      ready: true,
      restarts: 0,
      problem: null,
      createdAt: '2026-10-06T09:12:44.000Z',
    });
  });

  it('names the waiting reason and adds up the restarts of a crashing pod', () => {
    const pod = revived<V1Pod>(podJson);
    pod.status!.conditions = pod.status!.conditions!.map((c) => (c.type === 'Ready' ? { ...c, status: 'False' } : c));
    pod.status!.containerStatuses = pod.status!.containerStatuses!.map((s, i) => ({
      ...s,
      restartCount: 4 + i,
      state: i === 1 ? { waiting: { reason: 'CrashLoopBackOff' } } : s.state,
    }));
    expect(admissionPodOf(pod)).toMatchObject({ ready: false, restarts: 9, problem: 'CrashLoopBackOff' });
  });

  it('says Terminating for a pod being deleted, whatever its containers say', () => {
    const pod = revived<V1Pod>(podJson);
    pod.metadata!.deletionTimestamp = new Date('2026-10-06T10:00:00Z');
    expect(admissionPodOf(pod).problem).toBe('Terminating');
  });
});

describe('runOf', () => {
  // A Job as the snapshot CronJob creates it, named and owned as the pod-cronjob-job fixture's Job is.
  const ownerName = cronJobPodJson.metadata.ownerReferences[0]!.name;
  const job = (status: object, annotations: Record<string, string> = {}) =>
    revived<V1Job>({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: ownerName, namespace: 'kyverno-prd', creationTimestamp: '2026-10-06T02:00:00Z', annotations },
      status,
    });

  it('reads a completed run, its start time before its creation time', () => {
    const run = runOf(
      job({
        startTime: '2026-10-06T02:00:01Z',
        completionTime: '2026-10-06T02:00:40Z',
        conditions: [{ type: 'Complete', status: 'True' }],
      }),
    );
    expect(run).toEqual({
      name: ownerName,
      startedAt: '2026-10-06T02:00:01.000Z',
      outcome: 'succeeded',
      endedAt: '2026-10-06T02:00:40.000Z',
      manual: false,
    });
  });

  it('reads a failed run, and a run started by hand', () => {
    const failed = runOf(job({ conditions: [{ type: 'Failed', status: 'True', lastTransitionTime: '2026-10-06T02:03:00Z' }] }));
    expect(failed).toMatchObject({ outcome: 'failed', endedAt: '2026-10-06T02:03:00.000Z' });
    const manual = runOf(job({}, { 'cronjob.kubernetes.io/instantiate': 'manual' }));
    expect(manual).toMatchObject({ outcome: 'running', manual: true, startedAt: '2026-10-06T02:00:00.000Z', endedAt: null });
  });
});

describe('withKinds', () => {
  it('sets the kind a list item lacks, so both kinds can be told apart in one list', () => {
    const strip = ({ kind: _kind, ...rest }: { kind?: string }) => rest;
    const mutating = kyvernoJson.items
      .filter((r) => r.kind === 'MutatingWebhookConfiguration')
      .map(strip) as V1MutatingWebhookConfiguration[];
    const validating = [...kyvernoJson.items.filter((r) => r.kind === 'ValidatingWebhookConfiguration'), policyAgentJson].map(
      strip,
    ) as V1ValidatingWebhookConfiguration[];
    const kinds = withKinds(mutating, validating).map((r) => `${r.kind}/${r.metadata.name}`);
    expect(kinds).toEqual([
      'MutatingWebhookConfiguration/kyverno-resource-mutating-webhook-cfg',
      'ValidatingWebhookConfiguration/kyverno-cel-exception-validating-webhook-cfg',
      'ValidatingWebhookConfiguration/kyverno-exception-validating-webhook-cfg',
      'ValidatingWebhookConfiguration/kyverno-global-context-validating-webhook-cfg',
      'ValidatingWebhookConfiguration/kyverno-policy-validating-webhook-cfg',
      'ValidatingWebhookConfiguration/policy-agent-validating-webhook',
    ]);
  });
});

describe("the recorder's registration observation", () => {
  const at = new Date('2026-10-06T12:00:00Z');
  const registration = revived<V1MutatingWebhookConfiguration>(registrationJson);

  it('records the entry present, its failurePolicy, the owner and the uid', () => {
    expect(observeRegistration(registration, 'mpol.validate.kyverno.svc-fail', at, true)).toEqual({
      at: '2026-10-06T12:00:00.000Z',
      present: true,
      uid: 'e4f57eaa-b262-525b-b452-c326b28ca69c',
      createdAt: '2026-10-03T16:20:41.000Z',
      failurePolicy: 'Fail',
      owner: 'ClusterRole/kyverno-prd:webhook',
      live: true,
    });
  });

  it('records the entry absent when the configuration lacks it, and everything absent when it is deleted', () => {
    expect(observeRegistration(registration, 'another-entry', at, false)).toMatchObject({
      present: false,
      failurePolicy: null,
      uid: 'e4f57eaa-b262-525b-b452-c326b28ca69c',
    });
    expect(observeRegistration(null, 'mpol.validate.kyverno.svc-fail', at, true)).toEqual({
      at: '2026-10-06T12:00:00.000Z',
      present: false,
      uid: null,
      createdAt: null,
      failurePolicy: null,
      owner: null,
      live: true,
    });
  });
});
