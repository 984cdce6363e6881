import { describe, expect, it } from 'vitest';
import { firstWindow, visibleWorkloads, workloadFilterOf, workloadListHref } from './workload-sorts';

const w = (namespace: string, workload: string, pods = 1, stale = 0, drifted = 0) => ({ namespace, workload, pods, stale, drifted });
const names = (list: Array<{ namespace: string; workload: string }>) => list.map((x) => `${x.namespace}/${x.workload}`);
const noChange = () => 0;

describe('visibleWorkloads', () => {
  const all = [w('shop', 'web', 3, 1), w('payments', 'api', 5, 0, 2), w('shop', 'web-api', 5), w('ci', 'agent', 1, 4)];

  it('orders by name when asked for nothing else', () => {
    expect(names(visibleWorkloads([...all], { search: '', sort: 'name' }, noChange))).toEqual([
      'ci/agent',
      'payments/api',
      'shop/web',
      'shop/web-api',
    ]);
  });

  it('keeps the workloads holding every word of the search, a slash or a space between them', () => {
    expect(names(visibleWorkloads([...all], { search: 'shop web', sort: 'name' }, noChange))).toEqual(['shop/web', 'shop/web-api']);
    expect(names(visibleWorkloads([...all], { search: 'SHOP/API', sort: 'name' }, noChange))).toEqual(['shop/web-api']);
    expect(visibleWorkloads([...all], { search: 'nothing', sort: 'name' }, noChange)).toEqual([]);
  });

  it('puts the largest first, ties by name', () => {
    expect(names(visibleWorkloads([...all], { search: '', sort: 'pods' }, noChange))).toEqual([
      'payments/api',
      'shop/web-api',
      'shop/web',
      'ci/agent',
    ]);
    expect(names(visibleWorkloads([...all], { search: '', sort: 'stale' }, noChange)).slice(0, 2)).toEqual(['ci/agent', 'shop/web']);
  });

  it('puts the most OOM kills or evictions first; an unknown count sorts as none', () => {
    const ends = [
      { ...w('shop', 'web'), oomKills: 2, evictions: 0 },
      { ...w('orders', 'batch'), oomKills: 0, evictions: 1 },
      { ...w('orders', 'checkout'), oomKills: 3, evictions: null },
    ];
    expect(names(visibleWorkloads([...ends], { search: '', sort: 'oomKills' }, noChange))).toEqual([
      'orders/checkout',
      'shop/web',
      'orders/batch',
    ]);
    expect(names(visibleWorkloads([...ends], { search: '', sort: 'evictions' }, noChange))).toEqual([
      'orders/batch',
      'orders/checkout',
      'shop/web',
    ]);
  });

  it('keeps one namespace when asked, whole: shop is not shop-staging', () => {
    const more = [...all, w('shop-staging', 'web')];
    expect(names(visibleWorkloads(more, { search: '', sort: 'name', namespace: 'shop' }, noChange))).toEqual(['shop/web', 'shop/web-api']);
  });

  it('orders by the change it is given', () => {
    const change = (x: { workload: string }) => ({ web: 4, api: 30, 'web-api': 12, agent: 0 })[x.workload] ?? 0;
    expect(names(visibleWorkloads([...all], { search: '', sort: 'change' }, change))).toEqual([
      'payments/api',
      'shop/web-api',
      'shop/web',
      'ci/agent',
    ]);
  });
});

describe("the list's URL", () => {
  it('reads what it writes, and an unknown sort is the plain order', () => {
    expect(workloadListHref({ search: ' shop web ', sort: 'pods' })).toBe('/workloads?q=shop+web&sort=pods');
    expect(workloadListHref({ search: '', sort: 'name' })).toBe('/workloads');
    expect(workloadFilterOf({ q: 'shop web', sort: 'pods' })).toEqual({ search: 'shop web', sort: 'pods', namespace: '' });
    expect(workloadFilterOf({ q: ['a', 'b'], sort: 'biggest' })).toEqual({ search: 'a', sort: 'name', namespace: '' });
    expect(workloadListHref({ search: 'web', sort: 'name', namespace: 'shop' })).toBe('/workloads?namespace=shop&q=web');
    expect(workloadFilterOf({ namespace: 'shop' })).toEqual({ search: '', sort: 'name', namespace: 'shop' });
  });
});

describe('the first window', () => {
  it('is the start of the list the URL asks for, with how many match; by name until the change is known', () => {
    const many = Array.from({ length: 450 }, (_, i) => w(i % 2 ? 'shop' : 'ci', `app-${String(i).padStart(3, '0')}`, i));
    const byPods = firstWindow(many, { search: '', sort: 'pods' });
    expect(byPods.matching).toBe(450);
    expect(byPods.first).toHaveLength(100);
    expect(byPods.first[0]!.pods).toBe(449);
    const shop = firstWindow(many, { search: 'shop', sort: 'change' });
    expect(shop.matching).toBe(225);
    expect(names(shop.first.slice(0, 2))).toEqual(['shop/app-001', 'shop/app-003']);
  });
});
