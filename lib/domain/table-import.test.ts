import { describe, expect, it } from 'vitest';
import { configMaps } from './__fixtures__/fixtures';
import { parseSavedTable } from './table-import';

const target = { namespace: 'kyverno-prd', name: 'memory-requests' };
const saved = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'memory-requests', namespace: 'kyverno-prd' }, data: { shop_web_app: '300Mi' } };

describe('parseSavedTable', () => {
  it('reads the runbook\'s saved file, dated by its name', () => {
    const result = parseSavedTable(JSON.stringify(saved), 'memory-requests-2026-10-06.json', target);
    expect(result).toEqual({ ok: true, value: { data: { shop_web_app: '300Mi' }, takenAt: '2026-10-06T00:00:00Z', takenAtSource: 'file-name', rows: 1 } });
  });

  it('takes an explicit time first, then the data\'s write time kept in managedFields', () => {
    expect(parseSavedTable(JSON.stringify(saved), 'x-2026-10-06.json', target, '2026-10-06T10:00:00+02:00')).toMatchObject({ ok: true, value: { takenAt: '2026-10-06T08:00:00Z', takenAtSource: 'explicit' } });
    const withFields = { ...configMaps.table, metadata: { ...configMaps.table.metadata, name: 'memory-requests', namespace: 'kyverno-prd' } };
    expect(parseSavedTable(JSON.stringify(withFields), 'saved.json', target)).toMatchObject({ ok: true, value: { takenAt: '2026-10-06T02:15:42Z', takenAtSource: 'managed-fields' } });
  });

  it('makes a saved table without data a snapshot of no table', () => {
    const { data: _data, ...empty } = saved;
    expect(parseSavedTable(JSON.stringify(empty), 'memory-requests-2026-10-06.json', target)).toMatchObject({ ok: true, value: { data: null, rows: 0 } });
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
    const result = parseSavedTable(text, 'memory-requests-2026-10-06.json', target);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toContain(problem);
  });

  it('asks for a time when neither the name nor the file has one', () => {
    const result = parseSavedTable(JSON.stringify(saved), 'table.json', target);
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-request', message: expect.stringContaining('no date in its name') } });
    expect(parseSavedTable(JSON.stringify(saved), 'table.json', target, 'yesterday')).toMatchObject({ ok: false });
  });
});
