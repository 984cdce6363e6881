import { describe, expect, it } from 'vitest';
import { encodeHeader, IDENTITY_HEADER, RIGHTS_BY_CLUSTER_HEADER, RIGHTS_HEADER } from '@/lib/auth/viewer';
import { EVERYTHING, type Rights } from '@/lib/domain/rights';
import { collapseKey, replayable, wantsFresh } from './collapse-rules';

const browser = { host: '127.0.0.1:3000', 'user-agent': 'Mozilla/5.0', accept: 'text/html', cookie: 'memdash-theme=dark' };

describe('collapseKey', () => {
  it('never gives the same read in two clusters one key', () => {
    expect(collapseKey('GET', '/c/prd/pods/shop/web-1', browser)).not.toBe(collapseKey('GET', '/c/stg/pods/shop/web-1', browser));
    expect(collapseKey('GET', '/c/prd/api/webhook', browser)).not.toBe(collapseKey('GET', '/c/stg/api/webhook', browser));
  });

  it('gives identical reads of the incident pages one key, whatever their connections', () => {
    const a = collapseKey('GET', '/pods/shop/web-1', { ...browser, connection: 'keep-alive' });
    const b = collapseKey('GET', '/pods/shop/web-1', { ...browser, connection: 'close', 'keep-alive': 'timeout=5' });
    expect(a).not.toBeNull();
    expect(a).toBe(b);
  });

  it.each([
    ['/pods'],
    ['/pods?namespace=shop&verdict=differs'],
    ['/pods/shop/web-1'],
    ['/api/pods?name=web'],
    ['/api/search?name=web'],
    ['/api/pods/shop/web-1/explanation'],
    ['/webhook'],
    ['/api/webhook'],
    ['/api/workloads'],
    ['/api/table'],
    ['/api/webhook/logs'],
    ['/api/snapshot/runs'],
    ['/c/prd/pods?namespace=shop'],
    ['/c/prd/pods/shop/web-1'],
    ['/c/prd/api/pods/shop/web-1/explanation'],
    ['/c/stg/api/webhook/state'],
  ])('collapses %s', (url) => {
    expect(collapseKey('GET', url, browser)).not.toBeNull();
  });

  it.each([
    ['/api/snapshot/preview'],
    ['/api/snapshot/runs/memory-snapshot-1/events'],
    ['/table/diff'],
    ['/api/table/diff?format=csv'],
    ['/api/table/snapshots'],
    ['/workloads/shop/web'],
    ['/api/workloads/shop/web/memory'],
    ['/pods/shop'],
    ['/pods/shop/web-1/extra'],
    ['/c/prd/api/snapshot/preview'],
    ['/c/prd/workloads/shop/web'],
  ])('answers %s on its own', (url) => {
    expect(collapseKey('GET', url, browser)).toBeNull();
  });

  it('never collapses a write, a body or a credential', () => {
    expect(collapseKey('POST', '/api/pods', browser)).toBeNull();
    expect(collapseKey('HEAD', '/webhook', browser)).toBeNull();
    expect(collapseKey('GET', '/webhook', { ...browser, 'content-length': '2' })).toBeNull();
    expect(collapseKey('GET', '/webhook', { ...browser, authorization: 'Bearer x' })).toBeNull();
  });

  it('keeps apart requests that differ in any header Next could read: cookie, React Server Components, agent', () => {
    const base = collapseKey('GET', '/pods/shop/web-1', browser);
    expect(collapseKey('GET', '/pods/shop/web-1', { ...browser, cookie: 'memdash-theme=light' })).not.toBe(base);
    expect(collapseKey('GET', '/pods/shop/web-1', { ...browser, rsc: '1' })).not.toBe(base);
    expect(collapseKey('GET', '/pods/shop/web-1', { ...browser, 'user-agent': 'Googlebot' })).not.toBe(base);
  });

  it('leaves out of the key the query parameters no reader of the path reads', () => {
    const base = collapseKey('GET', '/api/webhook', browser);
    for (let r = 1; r <= 20; r++) expect(collapseKey('GET', `/api/webhook?r=${r}`, browser)).toBe(base);
    expect(collapseKey('GET', '/pods/shop/web-1?utm_source=chat&_rsc=abc', browser)).toBe(collapseKey('GET', '/pods/shop/web-1', browser));
    expect(collapseKey('GET', '/pods?namespace=shop&r=1', browser)).toBe(collapseKey('GET', '/pods?namespace=shop', browser));
  });

  it('keeps apart the parameters a reader reads, whatever their order or encoding', () => {
    const shop = collapseKey('GET', '/pods?namespace=shop&verdict=set', browser);
    expect(collapseKey('GET', '/pods?verdict=set&namespace=shop', browser)).toBe(shop);
    expect(collapseKey('GET', '/pods?namespace=%73hop&verdict=set', browser)).toBe(shop);
    expect(collapseKey('GET', '/pods?namespace=web&verdict=set', browser)).not.toBe(shop);
    expect(collapseKey('GET', '/api/pods?name=web', browser)).not.toBe(collapseKey('GET', '/api/pods?name=db', browser));
  });

  it('answers on its own a read that names a parameter it reads twice', () => {
    expect(collapseKey('GET', '/pods?namespace=shop&namespace=web', browser)).toBeNull();
  });

  it('shares one answer between people with the same rights, and never between people with different rights', () => {
    const shop: Rights = { pods: ['shop'], table: false, kyvernoLogs: false, audit: false };
    const signedIn = (rights: Rights, who: { user: string; groups: string[] }) => ({
      ...browser,
      [RIGHTS_HEADER]: encodeHeader(rights),
      [IDENTITY_HEADER]: encodeHeader(who),
    });
    const alice = collapseKey('GET', '/pods', signedIn(shop, { user: 'alice', groups: ['shop-team'] }));
    const bob = collapseKey('GET', '/pods', signedIn({ ...shop }, { user: 'bob', groups: ['shop-team', 'other'] }));
    const carol = collapseKey('GET', '/pods', signedIn({ ...shop, pods: ['shop', 'payments'] }, { user: 'carol', groups: [] }));
    const dave = collapseKey('GET', '/pods', signedIn(EVERYTHING, { user: 'dave', groups: ['platform'] }));
    expect(alice).not.toBeNull();
    expect(bob).toBe(alice);
    expect(new Set([alice, carol, dave]).size).toBe(3);
  });

  it('keeps apart searches across clusters by the rights in each cluster, not by who asks', () => {
    const shop: Rights = { pods: ['shop'], table: false, kyvernoLogs: false, audit: false };
    const across = (byCluster: Record<string, Rights | null>, user: string) => ({
      ...browser,
      [RIGHTS_HEADER]: encodeHeader(EVERYTHING),
      [RIGHTS_BY_CLUSTER_HEADER]: encodeHeader(byCluster),
      [IDENTITY_HEADER]: encodeHeader({ user, groups: [] }),
    });
    const key = (byCluster: Record<string, Rights | null>, user: string) =>
      collapseKey('GET', '/api/search?name=web', across(byCluster, user));
    const alice = key({ prd: EVERYTHING, stage: shop }, 'alice');
    expect(alice).not.toBeNull();
    expect(key({ prd: EVERYTHING, stage: shop }, 'bob')).toBe(alice);
    expect(key({ prd: EVERYTHING, stage: EVERYTHING }, 'carol')).not.toBe(alice);
    expect(key({ prd: EVERYTHING, stage: null }, 'dave')).not.toBe(alice);
  });

  it('holds no cookie in the key', () => {
    expect(collapseKey('GET', '/webhook', browser)).not.toContain('dark');
  });
});

describe('replayable', () => {
  it('shares only a whole 200 or 404 that sets no cookie', () => {
    expect(replayable(200, { 'content-type': 'text/html' }, true)).toBe(true);
    expect(replayable(200, { 'content-type': 'text/html' }, false)).toBe(false);
    expect(replayable(404, { 'content-type': 'text/html' }, true)).toBe(true);
    expect(replayable(404, { 'content-type': 'text/html' }, false)).toBe(false);
    expect(replayable(404, { 'set-cookie': ['a=b'] }, true)).toBe(false);
    for (const status of [400, 403, 429, 500, 502, 503]) expect(replayable(status, {}, true)).toBe(false);
    expect(replayable(200, { 'set-cookie': ['a=b'] }, true)).toBe(false);
  });
});

describe('wantsFresh', () => {
  it.each([
    [{ 'cache-control': 'max-age=0' }, 'a reload'],
    [{ 'cache-control': 'no-cache' }, 'a hard reload'],
    [{ pragma: 'no-cache' }, 'an HTTP/1.0 client'],
    [{ 'cache-control': 'private, No-Store' }, 'no-store among others, any case'],
    [{ 'cache-control': 'max-age = 0' }, 'spaces around the value'],
    [{ 'cache-control': ['max-age=60', 'no-cache'] }, 'a repeated header'],
    [{ 'cache-control': 'max-age=00' }, 'zero written twice'],
  ] as Array<[Record<string, string | string[]>, string]>)('is true for %o (%s)', (headers) => {
    expect(wantsFresh(headers)).toBe(true);
  });

  it.each([[{}], [{ 'cache-control': 'max-age=60' }], [{ 'cache-control': 'max-age=10' }], [{ pragma: 'x' }]])(
    'is false for %o',
    (headers) => {
      expect(wantsFresh(headers)).toBe(false);
    },
  );
});
