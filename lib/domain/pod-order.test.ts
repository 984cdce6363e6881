import { describe, expect, it } from 'vitest';
import { podSort, sortPods } from './pod-order';

const pod = (namespace: string, name: string, createdAt: string | null, workload: string | null = null, phase = 'Running') => ({
  namespace,
  name,
  phase,
  createdAt,
  workload: workload ? { name: workload } : null,
});

const PODS = [
  pod('shop', 'web-b', '2026-12-01T10:00:00Z', 'web'),
  pod('payments', 'api-a', '2026-12-03T09:00:00Z', 'api', 'Pending'),
  pod('shop', 'search-a', '2026-12-02T08:00:00Z', 'search'),
  pod('shop', 'web-a', '2026-12-02T08:00:00Z', 'web'),
  pod('development', 'debug-shell', null),
];
const names = (pods: typeof PODS) => pods.map((p) => `${p.namespace}/${p.name}`);

describe('the orders of /pods', () => {
  it('by name: namespace, then name', () => {
    expect(names(sortPods(PODS, 'name'))).toEqual([
      'development/debug-shell',
      'payments/api-a',
      'shop/search-a',
      'shop/web-a',
      'shop/web-b',
    ]);
  });

  it('by creation: newest first, ties by name, none last', () => {
    expect(names(sortPods(PODS, 'created'))).toEqual([
      'payments/api-a',
      'shop/search-a',
      'shop/web-a',
      'shop/web-b',
      'development/debug-shell',
    ]);
  });

  it('by workload: within a namespace, by workload then pod', () => {
    expect(names(sortPods(PODS, 'workload'))).toEqual([
      'development/debug-shell',
      'payments/api-a',
      'shop/search-a',
      'shop/web-a',
      'shop/web-b',
    ]);
  });

  it('by phase, A to Z', () => {
    expect(names(sortPods(PODS, 'phase'))[0]).toBe('payments/api-a');
  });

  it('leaves the list it was given as it was (the pod cache shares it)', () => {
    const before = names(PODS);
    sortPods(PODS, 'created');
    expect(names(PODS)).toEqual(before);
  });

  it('reads an unknown sort as the plain order', () => {
    expect(podSort('created')).toBe('created');
    expect(podSort('verdict')).toBe('name');
    expect(podSort(undefined)).toBe('name');
  });
});
