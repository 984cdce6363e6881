import { describe, expect, it } from 'vitest';
import { jumpTargets, pageTargets, parseJumpQuery } from './jump-targets';

describe('parseJumpQuery', () => {
  it('searches every namespace for a bare name', () => {
    expect(parseJumpQuery('  Web ')).toEqual({ namespace: '', name: 'web' });
  });
  it('takes namespace/name as pasted', () => {
    expect(parseJumpQuery('shop/web-7d9f8c-abcde')).toEqual({ namespace: 'shop', name: 'web-7d9f8c-abcde' });
  });
});

describe('jumpTargets', () => {
  it('offers each workload once, before its pods', () => {
    const pods = [
      { cluster: 'prd', namespace: 'shop', name: 'web-1', workload: { kind: 'Deployment', name: 'web' } },
      { cluster: 'prd', namespace: 'shop', name: 'web-2', workload: { kind: 'Deployment', name: 'web' } },
      { cluster: 'prd', namespace: 'development', name: 'debug-shell', workload: null },
    ];
    expect(jumpTargets('prd', pods)).toEqual([
      { href: '/c/prd/workloads/shop/web', label: 'shop/web', kind: 'Deployment', cluster: 'prd' },
      { href: '/c/prd/pods/shop/web-1', label: 'shop/web-1', kind: 'Pod', cluster: 'prd' },
      { href: '/c/prd/pods/shop/web-2', label: 'shop/web-2', kind: 'Pod', cluster: 'prd' },
      { href: '/c/prd/pods/development/debug-shell', label: 'development/debug-shell', kind: 'Pod', cluster: 'prd' },
    ]);
  });

  it("leads each pod and workload into the cluster it was found in, those of the page's cluster first", () => {
    const pods = [
      { cluster: 'prd', namespace: 'shop', name: 'web-a', workload: { kind: 'Deployment', name: 'web' } },
      { cluster: 'stage', namespace: 'shop', name: 'web-b', workload: { kind: 'Deployment', name: 'web' } },
    ];
    expect(jumpTargets('stage', pods).map((t) => [t.cluster, t.href])).toEqual([
      ['stage', '/c/stage/workloads/shop/web'],
      ['prd', '/c/prd/workloads/shop/web'],
      ['stage', '/c/stage/pods/shop/web-b'],
      ['prd', '/c/prd/pods/shop/web-a'],
    ]);
    expect(jumpTargets(null, pods).map((t) => t.cluster)).toEqual(['prd', 'stage', 'prd', 'stage']);
  });
});

describe('pageTargets', () => {
  const pages = [
    { href: '/webhook', label: 'Webhook' },
    { href: '/workloads', label: 'Workloads' },
    { href: '/break-glass', label: 'Break-glass' },
  ];
  it('offers the pages whose name starts with the text, whatever its case', () => {
    expect(pageTargets('prd', ' W', pages).map((t) => t.href)).toEqual(['/c/prd/webhook', '/c/prd/workloads']);
    expect(pageTargets('prd', 'break', pages)).toEqual([{ href: '/c/prd/break-glass', label: 'Break-glass', kind: 'Page' }]);
  });
  it('offers none for a namespace/name or an empty text', () => {
    expect(pageTargets('prd', 'web/x', pages)).toEqual([]);
    expect(pageTargets('prd', '  ', pages)).toEqual([]);
  });
});
