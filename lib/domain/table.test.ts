import { describe, expect, it } from 'vitest';
import { configMaps, copy } from './__fixtures__/fixtures';
import { lastDataWrite, lastWriteOf, malformedBytes, parseTable, rowKey } from './table';

describe('rowKey', () => {
  it('joins namespace, workload and container with underscores', () => {
    expect(rowKey('shop', 'web', 'app')).toBe('shop_web_app');
  });
});

describe('parseTable', () => {
  it('reads every row of the snapshot', () => {
    const table = parseTable(configMaps.table.data);
    expect(table.loaded).toBe(true);
    expect(table.count).toBe(14);
    expect(table.malformed).toEqual([]);
    expect(table.rows['shop_web_app']).toEqual({
      key: 'shop_web_app',
      namespace: 'shop',
      workload: 'web',
      container: 'app',
      bytes: 512 * 1024 * 1024,
      value: '512Mi',
    });
    expect(table.rows['validation_foo-2_check']).toMatchObject({ workload: 'foo-2', container: 'check' });
  });

  it('is no table when the ConfigMap has no data, or an empty one', () => {
    for (const data of [configMaps.tableEmpty.data, null, undefined, {}]) {
      expect(parseTable(data)).toEqual({ loaded: false, rows: {}, malformed: [], count: 0 });
    }
  });

  it('reports every malformed row with its problem, and keeps the good ones', () => {
    const table = parseTable(configMaps.tableMalformed.data);
    const problems = Object.fromEntries(table.malformed.map((m) => [m.key, m.problem]));
    expect(problems).toEqual({
      shop_web_sidecar: '"abcMi" is not a memory size',
      shop_legacy_app: '"-5Mi" is negative',
      shop_tiny_app: '"0.5Mi" is a memory size, but not in the <n>Mi form the snapshot writes',
      'shop-web-app': 'the key has 1 part between underscores, not 3 (<namespace>_<workload>_<container>)',
      shop_web_app_extra: 'the key has 4 parts between underscores, not 3 (<namespace>_<workload>_<container>)',
      shop_big_app: '"1Gi" is a memory size, but not in the <n>Mi form the snapshot writes',
      shop_decimal_app: '"512M" is a memory size, but not in the <n>Mi form the snapshot writes',
      shop_spaced_app: '" 256Mi" has spaces around it',
      Shop_web_app: 'the key\'s part "Shop" is not a Kubernetes name',
      shop__app: 'the key\'s part "" is not a Kubernetes name',
    });
    expect(table.count).toBe(14);
    expect(table.count + table.malformed.length).toBe(Object.keys(configMaps.tableMalformed.data ?? {}).length);
    expect(table.rows['shop_web_app']?.value).toBe('512Mi');
  });

  it('is loaded when the data holds only malformed rows', () => {
    expect(parseTable({ shop_web_app: '512MB' })).toMatchObject({ loaded: true, count: 0, rows: {} });
  });

  it('reads 0Mi as a row: a p90 of nothing rounds up to nothing', () => {
    expect(parseTable({ shop_web_pause: '0Mi' }).rows['shop_web_pause']?.bytes).toBe(0);
  });
});

describe('malformedBytes', () => {
  it('is the size a malformed row still names, or null', () => {
    const table = parseTable({ shop_big_app: '1Gi', shop_web_sidecar: 'abcMi' });
    expect(table.malformed.map(malformedBytes)).toEqual([1024 ** 3, null]);
  });
});

describe('lastWriteOf', () => {
  it("is the newest entry that owns f:data, not Argo CD's later metadata apply", () => {
    expect(lastWriteOf(configMaps.table)).toBe('2026-10-06T02:15:42Z');
    expect(lastDataWrite(configMaps.table)).toEqual({ at: '2026-10-06T02:15:42Z', manager: 'OpenAPI-Generator', source: 'data-fields' });
  });

  it('takes a later hand edit of the data', () => {
    expect(lastDataWrite(configMaps.tableMalformed)).toMatchObject({ at: '2026-10-06T09:58:20Z', manager: 'kubectl-edit' });
  });

  it('falls back to the newest entry when no entry owns data (it was removed, or never written)', () => {
    expect(lastDataWrite(configMaps.tableEmpty)).toEqual({
      at: '2026-10-06T08:30:11Z',
      manager: 'argocd-controller',
      source: 'newest-entry',
    });
  });

  it('falls back to the creation time without managedFields, and is null without either', () => {
    const bare = copy(configMaps.table);
    bare.metadata.managedFields = [];
    expect(lastDataWrite(bare)).toMatchObject({ at: '2026-09-01T12:04:55Z', source: 'creation' });
    expect(lastWriteOf({ metadata: {} })).toBeNull();
    expect(lastWriteOf({})).toBeNull();
  });

  it('reads the Date objects @kubernetes/client-node gives', () => {
    const configMap = {
      metadata: {
        creationTimestamp: new Date('2026-09-01T12:04:55Z'),
        managedFields: [
          { manager: 'OpenAPI-Generator', operation: 'Update', time: new Date('2026-10-06T02:15:42Z'), fieldsV1: { 'f:data': {} } },
        ],
      },
    };
    expect(lastWriteOf(configMap)).toBe('2026-10-06T02:15:42Z');
  });
});
