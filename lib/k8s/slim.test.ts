import { describe, expect, it } from 'vitest';
import { failedCreatesByOwner } from '@/lib/domain';
import { slimDeployment, slimEvent, slimNamespace, slimOwner, slimPod, withoutManagedFields } from './slim';

// A pod as the API server sends it in a watch (plain JSON), trimmed to what matters here.
const pod = {
  metadata: {
    name: 'web-7d9f8-abcde',
    namespace: 'shop',
    uid: 'u1',
    resourceVersion: '42',
    creationTimestamp: '2026-10-06T10:00:00Z',
    labels: { 'app.kubernetes.io/name': 'web' },
    annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{…}' },
    ownerReferences: [
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d9f8', uid: 'rs1', controller: true, blockOwnerDeletion: true },
    ],
    managedFields: [{ manager: 'kube-controller-manager', operation: 'Update', fieldsV1: {} }],
  },
  spec: {
    nodeName: 'srvk8s1',
    nodeSelector: { pool: 'batch' },
    tolerations: [{ key: 'pool', operator: 'Equal', value: 'batch', effect: 'NoSchedule', tolerationSeconds: undefined }],
    initContainers: [{ name: 'init', image: 'busybox', resources: { requests: { memory: '64Mi', cpu: '10m' } } }],
    containers: [
      {
        name: 'app',
        image: 'web:1',
        env: [{ name: 'A', value: 'b' }],
        resources: { requests: { memory: '512Mi' }, limits: { memory: '1Gi' } },
      },
      { name: 'envoy', image: 'envoy' },
    ],
    volumes: [{ name: 'x' }],
  },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
};

describe('slimPod', () => {
  it('keeps names, times, labels, controller owners, containers memory, placement and phase; drops managedFields, annotations and the rest of the spec', () => {
    expect(slimPod(pod)).toEqual({
      metadata: {
        name: 'web-7d9f8-abcde',
        namespace: 'shop',
        uid: 'u1',
        creationTimestamp: '2026-10-06T10:00:00Z',
        labels: { 'app.kubernetes.io/name': 'web' },
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d9f8', uid: 'rs1', controller: true }],
      },
      spec: {
        containers: [
          { name: 'app', resources: { requests: { memory: '512Mi' }, limits: { memory: '1Gi' } } },
          { name: 'envoy', resources: {} },
        ],
        initContainers: [{ name: 'init', resources: { requests: { memory: '64Mi' } } }],
        nodeName: 'srvk8s1',
        nodeSelector: { pool: 'batch' },
        tolerations: [{ key: 'pool', operator: 'Equal', value: 'batch', effect: 'NoSchedule' }],
      },
      status: { phase: 'Running' },
    });
  });

  it('keeps the eviction and the statuses of containers that ended, only their ends (what the recorder reads)', () => {
    const ended = {
      ...pod,
      status: {
        phase: 'Failed',
        reason: 'Evicted',
        message: 'The node was low on resource: memory.',
        containerStatuses: [
          {
            name: 'app',
            image: 'web:1',
            ready: false,
            restartCount: 2,
            state: { terminated: { reason: 'Error', exitCode: 137, finishedAt: '2026-10-06T11:00:00Z', startedAt: 'x' } },
            lastState: { terminated: { reason: 'OOMKilled', exitCode: 137, finishedAt: '2026-10-06T10:30:00Z', containerID: 'c' } },
          },
          { name: 'envoy', image: 'envoy', restartCount: 0, state: { running: { startedAt: 'x' } }, lastState: {} },
        ],
      },
    };
    expect(slimPod(ended).status).toEqual({
      phase: 'Failed',
      reason: 'Evicted',
      message: 'The node was low on resource: memory.',
      containerStatuses: [
        {
          name: 'app',
          restartCount: 2,
          state: { terminated: { reason: 'Error', exitCode: 137, finishedAt: '2026-10-06T11:00:00Z' } },
          lastState: { terminated: { reason: 'OOMKilled', exitCode: 137, finishedAt: '2026-10-06T10:30:00Z' } },
        },
      ],
    });
  });

  it('keeps a deletion time (a terminating pod) and copes with a pod without a spec', () => {
    const gone = slimPod({ metadata: { name: 'p', namespace: 'n', deletionTimestamp: '2026-10-06T10:00:00Z' } } as never);
    expect(gone.metadata.deletionTimestamp).toBe('2026-10-06T10:00:00Z');
    expect(gone.spec.containers).toEqual([]);
  });
});

describe('the other kinds', () => {
  it('keep what their readers use', () => {
    expect(slimOwner(pod)).toEqual({
      metadata: { name: pod.metadata.name, namespace: 'shop', ownerReferences: pod.metadata.ownerReferences },
    });
    expect(slimNamespace({ metadata: { name: 'shop', labels: { team: 'a' }, managedFields: [] } } as never)).toEqual({
      metadata: { name: 'shop', labels: { team: 'a' } },
    });
    expect(withoutManagedFields(pod).metadata).not.toHaveProperty('managedFields');
    const deployment = {
      metadata: { name: 'd', managedFields: [] },
      spec: {
        replicas: 3,
        template: {
          metadata: { labels: { a: 'b' } },
          spec: { containers: [{ name: 'kyverno', image: 'reg.example/kyverno/kyverno:v1.19.1', env: [{ name: 'X' }] }], volumes: [] },
        },
      },
      status: { readyReplicas: 2 },
    };
    expect(slimDeployment(deployment as never)).toEqual({
      metadata: { name: 'd' },
      spec: {
        replicas: 3,
        template: {
          metadata: { labels: { a: 'b' } },
          spec: { containers: [{ name: 'kyverno', image: 'reg.example/kyverno/kyverno:v1.19.1' }] },
        },
      },
      status: { readyReplicas: 2 },
    });
  });
});

// A FailedCreate event as a watch sends it (plain JSON: times as text, eventTime a MicroTime) ...
const event = {
  metadata: { name: 'web-7d9f8.187a', namespace: 'shop', resourceVersion: '77', managedFields: [{ manager: 'kube-controller-manager' }] },
  involvedObject: { kind: 'ReplicaSet', namespace: 'shop', name: 'web-7d9f8', uid: 'rs1', apiVersion: 'apps/v1' },
  reason: 'FailedCreate',
  message: 'Error creating: Internal error occurred: failed calling webhook "mpol.validate.kyverno.svc-fail": connection refused',
  type: 'Warning',
  count: 4,
  firstTimestamp: '2026-10-06T10:00:00Z',
  lastTimestamp: '2026-10-06T10:05:00Z',
  eventTime: null,
  source: { component: 'replicaset-controller' },
  reportingComponent: 'replicaset-controller',
};
// ... and as client-node's typed list gives it: the same times as Dates.
const typedEvent = {
  ...event,
  firstTimestamp: new Date('2026-10-06T10:00:00Z'),
  lastTimestamp: new Date('2026-10-06T10:05:00Z'),
  eventTime: undefined,
};

describe('slimEvent', () => {
  it('keeps what the readers use, times as one form of text, whether they came as text or as Dates', () => {
    const expected = {
      metadata: { namespace: 'shop' },
      type: 'Warning',
      reason: 'FailedCreate',
      message: event.message,
      count: 4,
      firstTimestamp: '2026-10-06T10:00:00.000Z',
      lastTimestamp: '2026-10-06T10:05:00.000Z',
      reportingComponent: 'replicaset-controller',
      source: { component: 'replicaset-controller' },
      involvedObject: { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'shop', name: 'web-7d9f8' },
    };
    expect(slimEvent(event)).toEqual(expected);
    expect(slimEvent(typedEvent)).toEqual(expected);
  });

  it('keeps an event time to the millisecond, and leaves out a time that is none', () => {
    const slim = slimEvent({ ...event, eventTime: '2026-10-06T10:06:00.123456Z', firstTimestamp: '', lastTimestamp: 'not a time' });
    expect(slim.eventTime).toBe('2026-10-06T10:06:00.123Z');
    expect(slim).not.toHaveProperty('firstTimestamp');
    expect(slim).not.toHaveProperty('lastTimestamp');
  });

  it('gives the same groups from either form', () => {
    const entry = 'mpol.validate.kyverno.svc-fail';
    const now = new Date('2026-10-06T10:10:00Z');
    expect(failedCreatesByOwner([slimEvent(event)], entry, now)).toEqual(failedCreatesByOwner([slimEvent(typedEvent)], entry, now));
    expect(failedCreatesByOwner([slimEvent(event)], entry, now)[0]).toMatchObject({ count: 4, last: '2026-10-06T10:05:00.000Z' });
  });
});
