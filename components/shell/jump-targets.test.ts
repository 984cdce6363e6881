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
      { namespace: 'shop', name: 'web-1', workload: { kind: 'Deployment', name: 'web' } },
      { namespace: 'shop', name: 'web-2', workload: { kind: 'Deployment', name: 'web' } },
      { namespace: 'development', name: 'debug-shell', workload: null },
    ];
    expect(jumpTargets('prd', pods)).toEqual([
      { href: '/c/prd/workloads/shop/web', label: 'shop/web', kind: 'Deployment' },
      { href: '/c/prd/pods/shop/web-1', label: 'shop/web-1', kind: 'Pod' },
      { href: '/c/prd/pods/shop/web-2', label: 'shop/web-2', kind: 'Pod' },
      { href: '/c/prd/pods/development/debug-shell', label: 'development/debug-shell', kind: 'Pod' },
    ]);
  });
  it('leads into the cluster it was asked in', () => {
    const pods = [{ namespace: 'shop', name: 'web-1', workload: null }];
    expect(jumpTargets('stg', pods).map((t) => t.href)).toEqual(['/c/stg/pods/shop/web-1']);
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
