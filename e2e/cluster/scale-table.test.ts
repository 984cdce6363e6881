// `up --scale` on a cluster whose table gained rows since it was seeded: the harness applies the table as a merge,
// so a row someone else added stays, and the wait asks the stand-in only for the seed's rows (it used to expect
// exactly them and stopped with "the Kyverno stand-in did not load the table").
import { afterAll, describe, expect, it } from 'vitest';
import { getJson } from './lib/kubectl.ts';
import { standIn } from './kyverno/harness.ts';
import { applyScaleTable } from './up.ts';
import { patchTableRow, requireCluster } from '../../test/integration/cluster';

const current = requireCluster();
const ROW = 'development_memdash-scale-table-test_app';

const patchRow = (value: string | null) => patchTableRow(ROW, value, 'operator');
const tableData = () => getJson<{ data?: Record<string, string> }>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']).data ?? {};

describe('the table for up --scale', () => {
  afterAll(() => {
    try {
      patchRow(null);
    } catch {
      // already gone
    }
  });

  it('is applied and loaded when the table holds a row the seed does not, and keeps that row', async () => {
    patchRow('123Mi'); // as an operator (or a test, or a snapshot run) would
    // the scale the cluster was seeded with: applying fewer rows would remove the harness's own scale rows
    await applyScaleTable(current.seeded?.scale ?? 0);
    expect(tableData()[ROW]).toBe('123Mi');
    expect((await standIn())?.table?.rows?.[ROW]).toBe('123Mi');
  });
});
