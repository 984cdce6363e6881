import { describe, expect, it } from 'vitest';
import type { CachedPod } from '@/lib/k8s/slim';
import { factsOf } from './pod-recorder';

// What the recorder keeps of one cached pod: its workload, its containers' sizes (a missing request is the limit),
// its ends and its eviction.

const Mi = 2 ** 20;
const seen = new Date('2026-12-01T12:00:00Z');
const pod = (status: CachedPod['status']): CachedPod => ({
  metadata: {
    name: 'web-6d4f9-abcde',
    namespace: 'shop',
    uid: 'u1',
    creationTimestamp: '2026-12-01T08:00:00Z',
    labels: { 'pod-template-hash': '6d4f9' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-6d4f9', uid: 'rs', controller: true }],
  },
  spec: {
    initContainers: [{ name: 'migrate', resources: { requests: { memory: '40Mi' } } }],
    containers: [{ name: 'app', resources: { limits: { memory: '512Mi' } } }],
  },
  status,
});

describe('factsOf', () => {
  it('keeps the workload, the sizes (a missing request is the limit) and the OOM kill', () => {
    const oom = {
      name: 'app',
      restartCount: 1,
      lastState: { terminated: { reason: 'OOMKilled', exitCode: 137, finishedAt: '2026-12-01T10:00:00Z' } },
    };
    expect(factsOf(pod({ phase: 'Running', containerStatuses: [oom] }), 'jenkins-prd', seen)).toEqual([
      {
        uid: 'u1',
        namespace: 'shop',
        pod: 'web-6d4f9-abcde',
        workload: 'web',
        createdAt: '2026-12-01T08:00:00Z',
        containers: [
          { name: 'migrate', request: 40 * Mi, limit: null, init: true },
          { name: 'app', request: 512 * Mi, limit: 512 * Mi },
        ],
        terminations: [{ container: 'app', reason: 'OOMKilled', exitCode: 137, at: '2026-12-01T10:00:00.000Z', restartCount: 1 }],
        eviction: null,
      },
    ]);
  });

  it('dates an eviction without ends when it is seen', () => {
    const [facts] = factsOf(pod({ phase: 'Failed', reason: 'Evicted', message: 'low on memory' }), 'jenkins-prd', seen);
    expect(facts!.eviction).toEqual({ message: 'low on memory', at: '2026-12-01T12:00:00.000Z' });
  });

  it('keeps nothing of a pod without a uid', () => {
    const p = pod({ phase: 'Running' });
    expect(factsOf({ ...p, metadata: { ...p.metadata, uid: undefined } }, 'jenkins-prd', seen)).toEqual([]);
  });
});
