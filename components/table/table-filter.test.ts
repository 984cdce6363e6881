import { describe, expect, it } from 'vitest';
import { TABLE_FIRST_WINDOW, firstTableWindow, namespacesOf, tableFilterOf, viewOf, visibleRows, type TableFilter } from './table-filter';

const rows = [
  { key: 'shop_web_app', value: '300Mi' },
  { key: 'shop_web_sidecar', value: '20Mi' },
  { key: 'payments_api_main', value: '900Mi' },
  { key: 'shop_cart_app', value: '300Mi' },
  { key: 'shop_bad_app', value: 'lots', problem: 'not a whole number of Mi' },
].map(viewOf);

const all: TableFilter = { search: '', namespace: '', sort: 'key' };
const keys = (filter: Partial<TableFilter>) => visibleRows(rows, { ...all, ...filter }).map((r) => r.key);

describe('visibleRows', () => {
  it('orders by key by default', () => {
    expect(keys({})).toEqual(['payments_api_main', 'shop_bad_app', 'shop_cart_app', 'shop_web_app', 'shop_web_sidecar']);
  });

  it('finds a search in the key, a space standing for the underscore', () => {
    expect(keys({ search: 'shop web' })).toEqual(['shop_web_app', 'shop_web_sidecar']);
    expect(keys({ search: '  web_side ' })).toEqual(['shop_web_sidecar']);
  });

  it('keeps one namespace', () => {
    expect(keys({ namespace: 'payments' })).toEqual(['payments_api_main']);
  });

  it('sorts by size either way, ties by key, malformed rows as the smallest', () => {
    expect(keys({ sort: 'size-desc' })).toEqual(['payments_api_main', 'shop_cart_app', 'shop_web_app', 'shop_web_sidecar', 'shop_bad_app']);
    expect(keys({ sort: 'size-asc' })).toEqual(['shop_bad_app', 'shop_web_sidecar', 'shop_cart_app', 'shop_web_app', 'payments_api_main']);
  });
});

describe('firstTableWindow', () => {
  it("sends the filter's first rows as sent (a problem only on a malformed row) and how many it keeps", () => {
    expect(firstTableWindow(rows, { ...all, namespace: 'shop', sort: 'size-asc' })).toEqual({
      first: [
        { key: 'shop_bad_app', value: 'lots', problem: 'not a whole number of Mi' },
        { key: 'shop_web_sidecar', value: '20Mi' },
        { key: 'shop_cart_app', value: '300Mi' },
        { key: 'shop_web_app', value: '300Mi' },
      ],
      matching: 4,
    });
  });

  it('cuts the window, and still counts every row the filter keeps', () => {
    const many = Array.from({ length: 100 }, (_, i) => viewOf({ key: `ns_w${String(i).padStart(3, '0')}_c`, value: '1Mi' }));
    const { first, matching } = firstTableWindow(many, all);
    expect(first).toHaveLength(TABLE_FIRST_WINDOW);
    expect(first[0]).toEqual({ key: 'ns_w000_c', value: '1Mi' });
    expect(matching).toBe(100);
  });
});

describe('namespacesOf and tableFilterOf', () => {
  it("lists each row's namespace once, in order", () => {
    expect(namespacesOf(rows)).toEqual(['payments', 'shop']);
  });

  it('reads the URL, anything unknown being no filter', () => {
    expect(tableFilterOf({ q: 'Shop', namespace: ['shop', 'x'], sort: 'size-desc' })).toEqual({
      search: 'shop',
      namespace: 'shop',
      sort: 'size-desc',
    });
    expect(tableFilterOf({ sort: 'nonsense' })).toEqual(all);
  });
});
