import 'server-only';
import { settings } from '@/lib/config';
import { parseSavedTable } from '@/lib/domain';
import { savedTableFileName } from '@/lib/domain/write-commands';
import { AppError, toAppError } from '@/lib/http/errors';
import { historyDb } from '@/lib/history';
import { importSavedTable } from '@/lib/history/store';
import type { KubeClients } from '@/lib/k8s/client';
import { createSnapshotJob } from '@/lib/k8s/snapshot-job';
import { readTableForSave, removeTableData, savedTableJson } from '@/lib/k8s/table-writes';
import { readSnapshotRunList } from './snapshot-run';
import type { OverrideDone } from './table-write-types';

/** Save, remove /data, run: each step only after the one before it held. Throws naming the step that failed. */
export async function overrideTheGuard(k: KubeClients, confirm: string, now: Date): Promise<OverrideDone> {
  const s = settings();
  if (confirm !== s.tableConfigMap) throw new AppError('bad-request', `Type the table's name (${s.tableConfigMap}) to confirm`);
  const last = (await readSnapshotRunList(1)).runs[0];
  if (last?.result.kind !== 'refusal' || !last.result.overridable) {
    throw new AppError(
      'conflict',
      `The guard is overridden only after a "fewer than half" refusal; the last run${last ? ` (${last.job})` : ''} did not end with one`,
    );
  }
  const configMap = await readTableForSave(k);
  const fileName = savedTableFileName(s.tableConfigMap, now);
  const content = savedTableJson(configMap);
  const saved = parseSavedTable(content, fileName, { namespace: s.kyvernoNamespace, name: s.tableConfigMap }, now);
  if (!saved.ok) throw new AppError('internal', saved.error.message);
  if (saved.value.data === null)
    throw new AppError('conflict', 'The table has no data: there is nothing to save, and the guard has nothing to compare against');
  const { versionId } = await importSavedTable(await historyDb(), saved.value, fileName, now);
  await removeTableData(k);
  try {
    const job = await createSnapshotJob(k, now);
    return { fileName, content, savedVersion: versionId, rows: saved.value.rows, job };
  } catch (err) {
    const error = toAppError(err);
    throw new AppError(
      error.code,
      `The table's data was removed (saved as version ${versionId}), but the Job was not created: ${error.message}. Run the snapshot now, or restore the saved table.`,
    );
  }
}
