// GET /api/table on the local cluster: every row of the table ConfigMap, as kubectl reads it, the malformed ones
// flagged; what /table's list searches once its page runs. The table changes only by a row of this file's own,
// removed at the end.
import { afterAll, describe, expect, it } from 'vitest';
import { kubeconfig, kubectlJson, patchTableRow, requireCluster } from './cluster';

requireCluster();

process.env.KUBECONFIG = kubeconfig('viewer');
const tableRoute = await import('@/app/c/[cluster]/api/table/route');
const { rowsOfAnswer } = await import('@/lib/domain');

const ROW = 'development_memdash-table-rows-test_app';
const tableData = () =>
  kubectlJson<{ data?: Record<string, string> }>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']).data ?? {};

describe('GET /api/table', () => {
  afterAll(() => patchTableRow(ROW, null));

  it("answers every row kubectl reads, and flags a malformed one with Kyverno's problem", async () => {
    patchTableRow(ROW, '1.5Gi');
    const response = await tableRoute.GET();
    expect(response.status).toBe(200);
    const rows = rowsOfAnswer(await response.json());
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual(tableData());
    const malformed = rows.filter((r) => r.problem);
    expect(malformed.map((r) => r.key)).toEqual([ROW]);
    expect(malformed[0]!.problem).toBe(`"1.5Gi" is a memory size, but not in the <n>Mi form the snapshot writes`);
  });
});
