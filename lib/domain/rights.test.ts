import { describe, expect, it } from 'vitest';
import { partFailed } from './part';
import {
  EVERYTHING,
  mayOpen,
  NOTHING,
  rightsKey,
  seesCluster,
  seesNamespace,
  seesPart,
  visible,
  visibleNamespaces,
  visiblePart,
  type Rights,
} from './rights';

const shop: Rights = { pods: ['shop'], table: false, kyvernoLogs: false, audit: false };
const pods = [
  { namespace: 'shop', name: 'cart-1' },
  { namespace: 'payments', name: 'ledger-1' },
  { namespace: 'shop', name: 'web-1' },
];

describe('rights', () => {
  it('cut a list to the namespaces a person may list pods in, keeping its order', () => {
    expect(visible(shop, pods, (p) => p.namespace).map((p) => p.name)).toEqual(['cart-1', 'web-1']);
    expect(visible(EVERYTHING, pods, (p) => p.namespace)).toHaveLength(3);
    expect(visible({ ...shop, pods: [] }, pods, (p) => p.namespace)).toEqual([]);
    expect([seesNamespace(shop, 'shop'), seesNamespace(shop, 'payments'), seesNamespace(EVERYTHING, 'x')]).toEqual([true, false, true]);
  });

  it('share one key between people with the same rights, whatever the order, and differ otherwise', () => {
    const a: Rights = { pods: ['shop', 'payments'], table: true, kyvernoLogs: false, audit: false };
    const b: Rights = { ...a, pods: ['payments', 'shop'] };
    expect(rightsKey(a)).toBe(rightsKey(b));
    const others: Rights[] = [
      { ...a, table: false },
      { ...a, pods: ['shop'] },
      { ...a, pods: 'all' },
      { ...a, audit: true },
      { ...a, kyvernoLogs: true },
    ];
    expect(new Set([a, ...others].map(rightsKey)).size).toBe(6);
  });

  it('cut a part that was read, and leave one that failed as it is', () => {
    const read = visiblePart(shop, { ok: true, value: pods }, (p) => p.namespace);
    expect(read.ok && read.value.map((p) => p.name)).toEqual(['cart-1', 'web-1']);
    const failed = partFailed<typeof pods>('forbidden', 'list events in every namespace');
    expect(visiblePart(shop, failed, (p) => p.namespace)).toBe(failed);
  });

  it('open a page only when it would show more than "Not yours to read"', () => {
    expect([undefined, 'pods', 'table', 'kyvernoLogs', 'audit'].map((n) => mayOpen(shop, n as never))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(mayOpen({ ...shop, pods: [] }, 'pods')).toBe(false);
    expect(mayOpen({ ...shop, table: true }, 'table')).toBe(true);
    expect((['pods', 'table', 'kyvernoLogs', 'audit'] as const).every((n) => mayOpen(EVERYTHING, n))).toBe(true);
  });

  it('see a part of the cluster when their namespaces are listed', () => {
    expect([seesPart(shop), seesPart({ ...shop, pods: [] }), seesPart(EVERYTHING)]).toEqual([true, true, false]);
  });
});

describe('visibleNamespaces', () => {
  it('names the namespaces they see and only counts the others', () => {
    expect(visibleNamespaces(shop, ['batch', 'shop', 'payments'])).toEqual({ names: ['shop'], unread: 2 });
    expect(visibleNamespaces(EVERYTHING, ['batch', 'shop'])).toEqual({ names: ['batch', 'shop'], unread: 0 });
  });
});

describe('seesCluster', () => {
  it('leaves out a cluster where they may list nothing and read neither the table nor the logs, or whose rights are unknown', () => {
    expect(seesCluster(NOTHING)).toBe(false);
    expect(seesCluster(null)).toBe(false);
    expect(seesCluster({ ...NOTHING, pods: ['shop'] })).toBe(true);
    expect(seesCluster({ ...NOTHING, table: true })).toBe(true);
    expect(seesCluster(EVERYTHING)).toBe(true);
  });
});
