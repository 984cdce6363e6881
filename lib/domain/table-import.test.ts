import { describe, expect, it } from 'vitest';
import { configMaps } from './__fixtures__/fixtures';
import { parseSavedTable } from './table-import';

const target = { namespace: 'kyverno-prd', name: 'memory-requests' };
const now = new Date('2026-12-01T05:00:00Z');
const saved = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'memory-requests', namespace: 'kyverno-prd' },
  data: { shop_web_app: '300Mi' },
};

describe('parseSavedTable', () => {
  it("reads the runbook's saved file, dated by its name", () => {
    const result = parseSavedTable(JSON.stringify(saved), 'memory-requests-2026-10-06.json', target, now);
    expect(result).toEqual({
      ok: true,
      value: { data: { shop_web_app: '300Mi' }, takenAt: '2026-10-06T00:00:00Z', takenAtSource: 'file-name', rows: 1 },
    });
  });

  it("takes an explicit time first, then the data's write time kept in managedFields", () => {
    expect(parseSavedTable(JSON.stringify(saved), 'x-2026-10-06.json', target, now, '2026-10-06T10:00:00+02:00')).toMatchObject({
      ok: true,
      value: { takenAt: '2026-10-06T08:00:00Z', takenAtSource: 'explicit' },
    });
    const withFields = {
      ...configMaps.table,
      metadata: { ...configMaps.table.metadata, name: 'memory-requests', namespace: 'kyverno-prd' },
    };
    expect(parseSavedTable(JSON.stringify(withFields), 'saved.json', target, now)).toMatchObject({
      ok: true,
      value: { takenAt: '2026-10-06T02:15:42Z', takenAtSource: 'managed-fields' },
    });
  });

  it('makes a saved table without data a snapshot of no table', () => {
    const { data: _data, ...empty } = saved;
    expect(parseSavedTable(JSON.stringify(empty), 'memory-requests-2026-10-06.json', target, now)).toMatchObject({
      ok: true,
      value: { data: null, rows: 0 },
    });
  });

  it.each([
    ['not json', 'is not JSON'],
    ['[1,2]', 'is not a Kubernetes object'],
    [JSON.stringify({ kind: 'List', apiVersion: 'v1', items: [] }), 'is a list'],
    [JSON.stringify({ ...saved, kind: 'Secret' }), 'is a Secret, not a v1 ConfigMap'],
    [JSON.stringify({ ...saved, metadata: { name: 'other' } }), 'is ConfigMap other, not the table memory-requests'],
    [JSON.stringify({ ...saved, metadata: { name: 'memory-requests', namespace: 'default' } }), 'is in namespace default'],
    [JSON.stringify({ ...saved, data: ['a'] }), 'data field that is not a map'],
    [JSON.stringify({ ...saved, data: { a_b_c: 5 } }), 'whose value is not a string'],
  ])('refuses %s with a clear sentence', (text, problem) => {
    const result = parseSavedTable(text, 'memory-requests-2026-10-06.json', target, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toContain(problem);
  });

  it('asks for a time when neither the name nor the file has one', () => {
    const result = parseSavedTable(JSON.stringify(saved), 'table.json', target, now);
    expect(result).toMatchObject({ ok: false, error: { message: expect.stringContaining('no date in its name') } });
    expect(parseSavedTable(JSON.stringify(saved), 'table.json', target, now, 'yesterday')).toMatchObject({ ok: false });
  });
});

describe('parseSavedTable refuses a hostile file whole, naming the first bad rows', () => {
  const withData = (data: Record<string, string>) => JSON.stringify({ ...saved, data });
  const refusal = (text: string, explicit?: string, name = 'memory-requests-2026-10-06.json') => {
    const result = parseSavedTable(text, name, target, now, explicit);
    expect(result.ok).toBe(false);
    return result.ok ? '' : result.error.message;
  };

  it('refuses keys that are not <namespace>_<workload>_<container> of Kubernetes names', () => {
    for (const key of [
      '__proto__',
      'shopwebapp',
      'shop_web',
      'shop_web_app_x',
      'Shop_web_app',
      'shop_$(id)_app',
      `shop_${'a'.repeat(254)}_app`,
      'a'.repeat(64) + '_web_app',
    ]) {
      expect(refusal(withData({ shop_web_app: '300Mi', [key]: '300Mi' }))).toContain('cannot be a table row');
    }
  });

  it('refuses values that are no memory size or beyond 1Ti, a million digits included, quickly', () => {
    for (const value of ['lots', '-5Mi', '1e999999', '2Ti', '9'.repeat(1_000_000) + 'Mi', '']) {
      const started = performance.now();
      expect(refusal(withData({ shop_web_app: value }))).toContain('cannot be a table row');
      expect(performance.now() - started).toBeLessThan(200);
    }
  });

  it('names the first five bad rows and how many there are', () => {
    const data = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`bad${i}`, '1Mi']));
    const problem = refusal(withData(data));
    expect(problem).toContain('8 rows');
    expect(problem).toContain('"bad0"');
    expect(problem).toContain('"bad4"');
    expect(problem).not.toContain('"bad5"');
  });

  it('refuses more data than Kubernetes keeps in a ConfigMap', () => {
    const data = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`shop_web-${i}_app`, '300Mi']));
    expect(refusal(withData(data))).toContain('at most 1048576');
  });

  it('takes only RFC 3339 times with a zone that exist, and none after now', () => {
    for (const time of [
      '2026-11-31T04:41:02Z',
      '2026-10-06T10:00:00',
      '2026-10-06 10:00:00Z',
      '2026-10-06',
      '2026-10-06T24:00:00Z',
      '2026-10-06T10:00:00+25:00',
      'tomorrow',
    ]) {
      expect(refusal(JSON.stringify(saved), time)).toContain('RFC 3339');
    }
    expect(refusal(JSON.stringify(saved), '2026-12-01T05:00:01Z')).toContain('after now');
    expect(refusal(JSON.stringify(saved), undefined, 'memory-requests-2026-12-02.json')).toContain('after now');
    expect(refusal(JSON.stringify(saved), undefined, 'memory-requests-2026-11-31.json')).toContain('no date and time that exists');
  });
});
