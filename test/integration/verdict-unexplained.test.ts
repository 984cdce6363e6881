// The unexplained verdict: a pod Kyverno admitted untouched while it could not read its table, after the table's
// last write. Only the stand-in can be made to fail its table's load on demand (its list is made with a revoked
// token); the real Kyverno's watch outlives any change of its RBAC, so this file runs in group cluster only. The
// other verdicts, on both Kyvernos, are in verdicts.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standIn, tableReadable, tableUnreadable, waitForTableRows } from '../../e2e/cluster/kyverno/harness.ts';
import { requirePodWebhook, until } from './cluster';
import { applyOwn, deleteOwn, mergeTableData, recreatePod, requestOf, rowKeyOf, tableData } from './own-deployment';
import { bytes } from './scenario';
import { verdictReads } from './verdict-reads';

const { explain, listedVerdicts, startRecording } = await verdictReads();

const OWN = { namespace: 'development', name: 'memdash-it-unexplained', request: '64Mi', limit: '128Mi', row: '96Mi' };
const OWN_ROW = rowKeyOf(OWN);
const standInTable = async () => (await standIn())?.table ?? null;

let stopRecording: () => void;
let saved: Record<string, string>;
beforeAll(async () => {
  requirePodWebhook();
  stopRecording = await startRecording();
  saved = tableData();
  mergeTableData({ [OWN_ROW]: OWN.row });
  await waitForTableRows({ [OWN_ROW]: OWN.row });
  await applyOwn(OWN);
}, 120_000);
afterAll(async () => {
  tableReadable();
  mergeTableData({ ...saved, [OWN_ROW]: null });
  deleteOwn(OWN);
  stopRecording?.();
  await until('the stand-in to load the table back', async () => (await standInTable())?.loaded === true);
}, 120_000);

describe('pods the cluster makes while Kyverno cannot read its table', () => {
  it('unexplained: a pod Kyverno admitted untouched while its table could not be read, after the last write', async () => {
    tableUnreadable();
    try {
      await until('the stand-in to fail loading the table', async () => (await standInTable())?.loaded === false);
      await new Promise((r) => setTimeout(r, 1100)); // creation times are whole seconds: clearly after the failure
      const pod = await recreatePod(OWN.namespace, OWN.name);
      expect(requestOf(OWN.namespace, pod)).toBe(OWN.request);
      await until('the pod cache to hold the new pod', () => listedVerdicts(OWN.namespace, pod));
      tableReadable();
      const [app] = (await explain(OWN.namespace, pod)).containers;
      expect(app).toMatchObject({ verdict: 'unexplained', request: bytes(OWN.request), row: bytes(OWN.row) });
      expect(await listedVerdicts(OWN.namespace, pod)).toEqual(['unexplained']);
      expect(app!.reason).toContain(`from row ${OWN_ROW} in force when the pod was created (${OWN.row}`);
    } finally {
      tableReadable();
    }
  });
});
