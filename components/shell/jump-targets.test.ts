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
    expect(jumpTargets(pods)).toEqual([
      { href: '/workloads/shop/web', label: 'shop/web', kind: 'Deployment' },
      { href: '/pods/shop/web-1', label: 'shop/web-1', kind: 'Pod' },
      { href: '/pods/shop/web-2', label: 'shop/web-2', kind: 'Pod' },
      { href: '/pods/development/debug-shell', label: 'development/debug-shell', kind: 'Pod' },
    ]);
  });
});

describe('pageTargets', () => {
  const pages = [
    { href: '/webhook', label: 'Webhook' },
    { href: '/workloads', label: 'Workloads' },
    { href: '/break-glass', label: 'Break-glass' },
  ];
  it('offers the pages whose name starts with the text, whatever its case', () => {
    expect(pageTargets(' W', pages).map((t) => t.href)).toEqual(['/webhook', '/workloads']);
    expect(pageTargets('break', pages)).toEqual([{ href: '/break-glass', label: 'Break-glass', kind: 'Page' }]);
  });
  it('offers none for a namespace/name or an empty text', () => {
    expect(pageTargets('web/x', pages)).toEqual([]);
    expect(pageTargets('  ', pages)).toEqual([]);
  });
});
