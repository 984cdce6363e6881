import { describe, expect, it } from 'vitest';
import type { VerdictCode } from './verdict-codes';
import { nextPodOrder, podOrder, podOrderParams, podRequest, sortPods, type PodOrder } from './pod-order';

const MI = 1024 * 1024;
const container = (verdict: VerdictCode, requestMi: number | null, init = false) => ({
  init,
  request: requestMi === null ? null : requestMi * MI,
  verdict,
});
type Container = ReturnType<typeof container>;

const pod = (namespace: string, name: string, createdAt: string | null, workload: string | null, containers: Container[]) => ({
  namespace,
  name,
  createdAt,
  workload: workload ? { name: workload } : null,
  containers,
});

const PODS = [
  pod('shop', 'web-b', '2026-12-01T10:00:00Z', 'web', [container('set', 300), container('set', 24)]),
  pod('payments', 'api-a', '2026-12-03T09:00:00Z', 'api', [container('stale', 850)]),
  pod('shop', 'search-a', '2026-12-02T08:00:00Z', 'search', [container('no-row', 512)]),
  pod('shop', 'web-a', '2026-12-02T08:00:00Z', 'web', [container('unexplained', 300), container('set', 24)]),
  pod('development', 'debug-shell', null, null, [container('no-workload', null)]),
];
const names = (pods: typeof PODS) => pods.map((p) => `${p.namespace}/${p.name}`);
const sorted = (order: PodOrder) => names(sortPods(PODS, order, (p) => p));

describe('the orders of /pods', () => {
  it('by namespace (the plain order): namespace, then name', () => {
    expect(sorted(podOrder(undefined))).toEqual(['development/debug-shell', 'payments/api-a', 'shop/search-a', 'shop/web-a', 'shop/web-b']);
  });

  it("by name: the pod's name, whatever its namespace", () => {
    expect(sorted(podOrder('name'))).toEqual(['payments/api-a', 'development/debug-shell', 'shop/search-a', 'shop/web-a', 'shop/web-b']);
    expect(sorted(podOrder('name', 'desc'))).toEqual([
      'shop/web-b',
      'shop/web-a',
      'shop/search-a',
      'development/debug-shell',
      'payments/api-a',
    ]);
  });

  it('by creation: newest first, ties by namespace and name, none last in either direction', () => {
    expect(sorted(podOrder('created'))).toEqual(['payments/api-a', 'shop/search-a', 'shop/web-a', 'shop/web-b', 'development/debug-shell']);
    expect(sorted(podOrder('created', 'asc'))).toEqual([
      'shop/web-b',
      'shop/search-a',
      'shop/web-a',
      'payments/api-a',
      'development/debug-shell',
    ]);
  });

  it("by request: the pod's whole request, largest first, a pod asking none last", () => {
    expect(sorted(podOrder('request'))).toEqual(['payments/api-a', 'shop/search-a', 'shop/web-a', 'shop/web-b', 'development/debug-shell']);
  });

  it('by verdict: the pod whose worst container is the most serious first', () => {
    expect(sorted(podOrder('verdict'))).toEqual(['shop/web-a', 'payments/api-a', 'shop/search-a', 'development/debug-shell', 'shop/web-b']);
  });

  it('by workload: a pod without one last', () => {
    expect(sorted(podOrder('workload')).at(-1)).toBe('development/debug-shell');
  });

  it('leaves the list it was given as it was (the pod cache shares it)', () => {
    const before = names(PODS);
    sortPods(PODS, podOrder('created'), (p) => p);
    expect(names(PODS)).toEqual(before);
  });

  it('reads an unknown sort as the plain order, and an unknown direction as the column own', () => {
    expect(podOrder('verdict')).toEqual({ sort: 'verdict', direction: 'descending' });
    expect(podOrder('phase')).toEqual({ sort: 'namespace', direction: 'ascending' });
    expect(podOrder('name', 'sideways')).toEqual({ sort: 'name', direction: 'ascending' });
  });

  it('a header clicked twice turns its order around; the URL names only what differs from the plain order', () => {
    const first = nextPodOrder(podOrder(undefined), 'request');
    expect(first).toEqual({ sort: 'request', direction: 'descending' });
    expect(podOrderParams(first)).toEqual({ sort: 'request' });
    const second = nextPodOrder(first, 'request');
    expect(podOrderParams(second)).toEqual({ sort: 'request', direction: 'asc' });
    expect(podOrderParams(nextPodOrder(second, 'namespace'))).toEqual({});
  });
});

describe("a pod's request", () => {
  it('is its containers summed, or its largest init container when that is larger', () => {
    expect(podRequest([container('set', 300), container('set', 24)])).toBe(324 * MI);
    expect(podRequest([container('set', 1200, true), container('set', 320)])).toBe(1200 * MI);
    expect(podRequest([container('set', null)])).toBeNull();
  });
});
