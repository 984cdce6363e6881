import { describe, expect, it } from 'vitest';
import { rowRuns } from './row-runs';
import type { TableVersion } from './table-history';

// Versions as the store gives them back, oldest first: each snapshot run rewrites every row, most of them unchanged.
const version = (id: number, data: Record<string, string> | null, source: TableVersion['source'] = 'watch'): TableVersion => ({
  id,
  inForceFrom: `2026-10-${String(id).padStart(2, '0')}T02:15:00Z`,
  seenAt: `2026-10-${String(id).padStart(2, '0')}T02:15:02Z`,
  data,
  source,
  label: null,
});

describe('rowRuns', () => {
  it("collapses 23 versions in which the workload's rows read the same into one line", () => {
    const versions = Array.from({ length: 23 }, (_, i) => version(i + 1, { shop_web_app: '300Mi', [`other_${i}_x`]: '1Mi' }));
    const runs = rowRuns(versions, ['shop_web_app']);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ versions: 23, values: ['300Mi'], imported: false });
    expect([runs[0]!.first.id, runs[0]!.last.id]).toEqual([1, 23]);
  });

  it('starts a run at each change, newest first, and keeps a row gone and a table without data apart', () => {
    const versions = [
      version(1, { shop_web_app: '280Mi', shop_web_nginx: '24Mi' }),
      version(2, { shop_web_app: '280Mi', shop_web_nginx: '24Mi' }),
      version(3, { shop_web_app: '300Mi', shop_web_nginx: '24Mi' }),
      version(4, { shop_web_nginx: '24Mi' }),
      version(5, null),
      version(6, { shop_web_app: '300Mi', shop_web_nginx: '24Mi' }, 'import'),
    ];
    const runs = rowRuns(versions, ['shop_web_app', 'shop_web_nginx']);
    expect(runs.map((r) => [r.first.id, r.versions, r.values, r.imported])).toEqual([
      [6, 1, ['300Mi', '24Mi'], true],
      [5, 1, ['no table', 'no table'], false],
      [4, 1, ['—', '24Mi'], false],
      [3, 1, ['300Mi', '24Mi'], false],
      [1, 2, ['280Mi', '24Mi'], false],
    ]);
  });

  it('has no run without a version', () => {
    expect(rowRuns([], ['shop_web_app'])).toEqual([]);
  });
});
