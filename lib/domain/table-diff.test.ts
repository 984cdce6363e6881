import { describe, expect, it } from 'vitest';
import { configMaps } from './__fixtures__/fixtures';
import {
  diffCounts,
  diffPageCount,
  diffTables,
  diffTablesInSlices,
  diffToCsv,
  filterDiff,
  pageOfDiff,
  rowsFromJsonInSlices,
  workloadsDropped,
  type RowChange,
} from './table-diff';

const before = { shop_web_app: '300Mi', shop_web_nginx: '24Mi', shop_cart_cart: '400Mi', payments_api_api: '900Mi', shop_old_x: '10Mi' };
const after = {
  shop_web_app: '450Mi',
  shop_web_nginx: '24Mi',
  shop_cart_cart: '380Mi',
  payments_api_api: '1000Mi',
  shop_new_y: '64Mi',
  shop_bad_z: 'abcMi',
};

describe('diffTables', () => {
  const diff = diffTables(before, after);

  it('finds rows new, gone and changed, and counts the unchanged', () => {
    expect(diff.added.map((c) => c.key)).toEqual(['shop_new_y', 'shop_bad_z']);
    expect(diff.gone.map((c) => c.key)).toEqual(['shop_old_x']);
    expect(diff.changed.map((c) => c.key)).toEqual(['shop_web_app', 'payments_api_api', 'shop_cart_cart']);
    expect(diff.unchanged).toBe(1);
  });

  it('gives old → new, Δ MiB and Δ %, biggest change first', () => {
    expect(diff.changed[0]).toMatchObject({
      fromValue: '300Mi',
      toValue: '450Mi',
      deltaMi: 150,
      deltaPercent: 50,
      namespace: 'shop',
      workload: 'web',
      container: 'app',
    });
    expect(diff.changed[2]).toMatchObject({ deltaMi: -20, deltaPercent: -5 });
  });

  it('keeps a malformed row, without a size', () => {
    expect(diff.added[1]).toMatchObject({ toValue: 'abcMi', toBytes: null, deltaMi: null });
  });

  it('counts as the job logs: rows of the new table, new, gone; and changed', () => {
    expect(diffCounts(diff)).toEqual({ rows: 6, new: 2, gone: 1, changed: 3 });
  });

  it('treats no data as an empty table', () => {
    const all = diffTables(null, configMaps.table.data ?? null);
    expect(all.added.length).toBe(Object.keys(configMaps.table.data ?? {}).length);
    expect(diffCounts(diffTables(after, null))).toEqual({ rows: 0, new: 0, gone: 6, changed: 0 });
  });

  it('does not take inherited properties for rows', () => {
    expect(diffTables({}, { constructor: '1Mi' }).added).toHaveLength(1);
    expect(diffTables({ toString: '1Mi' }, {}).gone).toHaveLength(1);
  });
});

describe('filterDiff', () => {
  it('keeps one namespace and workloads containing the text', () => {
    const diff = filterDiff(diffTables(before, after), { namespace: 'shop', workload: 'we' });
    expect(diff.changed.map((c) => c.key)).toEqual(['shop_web_app']);
    expect(diff.added).toHaveLength(0);
  });
});

describe('diffToCsv', () => {
  it('writes one line per difference with a header', () => {
    const csv = diffToCsv(diffTables(before, after)).trim().split('\n');
    expect(csv[0]).toBe('change,key,namespace,workload,container,from,to,delta_mi,delta_percent');
    expect(csv[1]).toBe('changed,shop_web_app,shop,web,app,300Mi,450Mi,150,50');
    expect(csv).toContain('gone,shop_old_x,shop,old,x,10Mi,,,');
    expect(csv).toHaveLength(7);
  });

  it('quotes commas and defuses formulas', () => {
    const csv = diffToCsv(diffTables({}, { 'a,b': '=cmd()' }));
    expect(csv).toContain(`new,"a,b","a,b",,,,'=cmd(),,`);
  });

  it('writes a shrink as negative numbers, not defused text', () => {
    const csv = diffToCsv(diffTables({ shop_web_app: '400Mi' }, { shop_web_app: '300Mi' }))
      .trim()
      .split('\n');
    expect(csv[1]).toBe('changed,shop_web_app,shop,web,app,400Mi,300Mi,-100,-25');
  });

  // parseMemory refuses values long enough to overflow a double, so this holds with or without the diff's own guard
  it('never writes NaN or Infinity, whatever sizes the rows hold', () => {
    const huge = `${'9'.repeat(39)}Ei`;
    const csv = diffToCsv(
      diffTables({ a_b_c: huge, a_b_d: '1e100', a_b_e: '0' }, { a_b_c: `${'8'.repeat(39)}Ei`, a_b_d: '1e99', a_b_e: '5Mi' }),
    );
    expect(csv).not.toMatch(/NaN|Infinity/);
  });
});

describe('diffTablesInSlices', () => {
  it('gives the same diff as diffTables, pausing between slices', async () => {
    const from: Record<string, string> = {};
    const to: Record<string, string> = {};
    for (let i = 0; i < 9000; i++) {
      from[`a_w${i}_c`] = `${(i * 7919) % 1000}Mi`;
      if (i % 3) to[`a_w${i}_c`] = `${(i * 104729) % 1000}Mi`;
      if (i % 5 === 0) to[`b_w${i}_c`] = `${i % 700}Mi`;
    }
    let pauses = 0;
    const pause = async () => {
      pauses++;
    };
    const sliced = await diffTablesInSlices(
      await rowsFromJsonInSlices(JSON.stringify(from), pause),
      await rowsFromJsonInSlices(JSON.stringify(to), pause),
      pause,
    );
    expect(sliced).toEqual(diffTables(from, to));
    expect(pauses).toBeGreaterThan(10);
    // the order stands on its own: biggest change first, then by key
    const magnitudes = sliced.changed.map((c) => Math.abs(c.deltaMi ?? -1));
    expect(magnitudes).toEqual([...magnitudes].sort((a, b) => b - a));
    const ties = sliced.changed.filter((c) => Math.abs(c.deltaMi!) === magnitudes[0]).map((c) => c.key);
    expect(ties).toEqual([...ties].sort());
    expect(sliced.added.length + sliced.changed.length + sliced.unchanged + sliced.gone.length).toBeGreaterThan(9000);
  });
});

describe('rowsFromJsonInSlices', () => {
  it('reads back what JSON.stringify wrote, escapes and odd text included', async () => {
    const data = { a_b_c: '1Mi', 'x"y': 'v\\w', 'uni\u00e9': '"quoted"', 'nl\n': 'tab\t' };
    const rows = await rowsFromJsonInSlices(JSON.stringify(data), async () => undefined);
    expect(Object.fromEntries(rows)).toEqual(data);
    expect((await rowsFromJsonInSlices(null, async () => undefined)).size).toBe(0);
    expect(Object.fromEntries(await rowsFromJsonInSlices('{ "a": "b" }', async () => undefined))).toEqual({ a: 'b' });
  });
});

describe('pageOfDiff', () => {
  const rows = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({ key: `${prefix}_w_${i}`, namespace: prefix, workload: 'w', container: String(i) }) as RowChange);
  const diff = { added: rows(5, 'a'), gone: rows(2, 'g'), changed: rows(12, 'c'), unchanged: 7 };

  it('slices each kind to the page and keeps the totals', () => {
    const page = pageOfDiff(diff, 2, 5);
    expect(page.changed.map((r) => r.key)).toEqual(['c_w_5', 'c_w_6', 'c_w_7', 'c_w_8', 'c_w_9']);
    expect(page.added).toEqual([]);
    expect(page.gone).toEqual([]);
    expect(page.totals).toEqual({ added: 5, gone: 2, changed: 12 });
    expect(page.unchanged).toBe(7);
  });

  it('counts the pages the longest kind fills, at least one', () => {
    expect(diffPageCount(pageOfDiff(diff, 1, 5))).toBe(3);
    expect(diffPageCount(pageOfDiff({ added: [], gone: [], changed: [], unchanged: 0 }, 1, 5))).toBe(1);
  });
});

describe('workloadsDropped', () => {
  it('names the workloads left with no row, not those that lost one container of several', () => {
    const from = { ...before, shop_web_sidecar: '20Mi', payments_old_a: '1Mi', payments_old_b: '2Mi' };
    const to = after; // shop/web keeps its app row, loses its sidecar's
    const diff = diffTables(from, to);
    expect(diff.gone.map((c) => c.key).sort()).toEqual(['payments_old_a', 'payments_old_b', 'shop_old_x', 'shop_web_sidecar']);
    expect(workloadsDropped(diff.gone, to)).toEqual([
      { namespace: 'payments', workload: 'old' },
      { namespace: 'shop', workload: 'old' },
    ]);
  });

  it('drops every workload when the next table has no data', () => {
    expect(workloadsDropped(diffTables(before, null).gone, null).map((w) => `${w.namespace}/${w.workload}`)).toEqual([
      'payments/api',
      'shop/cart',
      'shop/old',
      'shop/web',
    ]);
  });
});
