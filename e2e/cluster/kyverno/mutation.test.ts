// The stand-in's mutation on pods shaped like the scenario's, without the cluster.
import { describe, expect, it } from 'vitest';
import { bytesOf, patchFor, type Pod } from './mutation.ts';
import { workloadOf } from './workload.ts';

const rs = (name: string, hash: string) => ({
  labels: { 'pod-template-hash': hash },
  ownerReferences: [{ kind: 'ReplicaSet', name: `${name}-${hash}`, controller: true }],
});

describe('workloadOf', () => {
  it.each([
    [rs('web', '7c9d5b8f4'), 'shop', 'web'],
    [{ ownerReferences: [{ kind: 'StatefulSet', name: 'redis', controller: true }] }, 'shop', 'redis'],
    [{ ownerReferences: [{ kind: 'Job', name: 'nightly-report-29412495', controller: true }] }, 'shop', 'nightly-report'],
    [{ ownerReferences: [{ kind: 'Job', name: 'validate-config-231', controller: true }] }, 'payments', 'validate-config'],
    [
      { ownerReferences: [{ apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', name: 'pg-main', controller: true }] },
      'payments',
      'pg-main',
    ],
    [{ name: 'etl-v2-117-bx4kq' }, 'jenkins-prd', 'etl-v2'],
    [{ name: 'debug-shell' }, 'development', null],
    [{ name: 'etl-v2-117-bx4kq' }, 'development', null],
    [{ ownerReferences: [{ kind: 'Node', name: 'srvk8s1', controller: true }] }, 'kube-system', null],
  ])('%j in %s → %s', (meta, namespace, expected) => {
    expect(workloadOf(meta, namespace)).toBe(expected);
  });
});

describe('patchFor', () => {
  const pod = (limit?: string, request?: string): Pod => ({
    metadata: rs('web', 'abc12'),
    spec: {
      initContainers: [{ name: 'migrate', resources: { requests: { memory: '64Mi', cpu: '10m' }, limits: { memory: '128Mi' } } }],
      containers: [
        {
          name: 'app',
          resources: { ...(request ? { requests: { memory: request } } : {}), ...(limit ? { limits: { memory: limit } } : {}) },
        },
      ],
    },
  });
  const rows = { shop_web_migrate: '40Mi', shop_web_app: '300Mi' };

  it('sets init and regular containers to their rows, lower or higher than the request', () => {
    expect(patchFor(pod('512Mi', '256Mi'), 'shop', rows)).toEqual([
      { op: 'add', path: '/spec/initContainers/0/resources/requests/memory', value: '40Mi' },
      { op: 'add', path: '/spec/containers/0/resources/requests/memory', value: '300Mi' },
    ]);
  });

  it('caps at the limit, in the limit as written', () => {
    expect(patchFor(pod('256M', '100Mi'), 'shop', rows)[1]).toEqual({
      op: 'add',
      path: '/spec/containers/0/resources/requests/memory',
      value: '256M',
    });
  });

  it('adds requests where the container has none', () => {
    expect(patchFor(pod(), 'shop', rows)[1]).toEqual({
      op: 'add',
      path: '/spec/containers/0/resources/requests',
      value: { memory: '300Mi' },
    });
  });

  it('leaves the pod untouched without a table, a workload or a row', () => {
    expect(patchFor(pod('512Mi'), 'shop', null)).toEqual([]);
    expect(patchFor({ ...pod('512Mi'), metadata: { name: 'x' } }, 'shop', rows)).toEqual([]);
    expect(patchFor(pod('512Mi'), 'payments', rows)).toEqual([]);
  });

  it('reads quantities', () => {
    expect(bytesOf('1Gi')).toBe(2 ** 30);
    expect(bytesOf('536870912')).toBe(2 ** 29);
    expect(bytesOf('1G')).toBe(1e9);
    expect(bytesOf('1e3')).toBe(1000);
  });
});
