import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { parseSavedTable } from '@/lib/domain';
import { savedTableFileName } from '@/lib/domain/write-commands';
import { AppError, toAppError } from '@/lib/errors';
import { importSavedTable } from '@/lib/history/store';
import type { KubeClients } from '@/lib/k8s/client';
import { whileNoRunIsActive } from '@/lib/k8s/snapshot-job';
import { readTableConfigMap } from '@/lib/k8s/table';
import { assertTableAsShown, readTableForSave, removeTableData, savedTableJson } from '@/lib/k8s/table-writes';
import { readSnapshotRunList } from './snapshot-run';
import type { OverrideBody, OverrideDone, TableShown } from './table-write-types';

/** The table the override page shows, read with memdash's read credential: the override's precondition. */
export async function tableShownForOverride(cluster: Cluster): Promise<TableShown | null> {
  const configMap = await readTableConfigMap(cluster);
  const resourceVersion = configMap?.metadata?.resourceVersion;
  return resourceVersion ? { rows: Object.keys(configMap.data ?? {}).length, resourceVersion } : null;
}

/**
 * Save, remove /data, run: each step only after the one before it held, none while a run of the snapshot is active
 * (a 409 naming it), and only on the table the operator was shown (a 409 when it moved). Throws naming the step.
 */
export async function overrideTheGuard(cluster: Cluster, k: KubeClients, body: OverrideBody, now: Date): Promise<OverrideDone> {
  const s = cluster.facts;
  if (body.confirm !== s.tableConfigMap) throw new AppError('bad-request', `Type the table's name (${s.tableConfigMap}) to confirm`);
  return whileNoRunIsActive(cluster, k, now, async (createJob) => {
    const last = (await readSnapshotRunList(cluster, 1)).runs[0];
    if (last?.result.kind !== 'refusal' || !last.result.overridable) {
      throw new AppError(
        'conflict',
        `The guard is overridden only after a "fewer than half" refusal; the last run${last ? ` (${last.job})` : ''} did not end with one`,
      );
    }
    const configMap = await readTableForSave(cluster, k);
    assertTableAsShown(configMap, body.resourceVersion);
    const fileName = savedTableFileName(s.tableConfigMap, now);
    const content = savedTableJson(configMap);
    const saved = parseSavedTable(content, fileName, { namespace: s.kyvernoNamespace, name: s.tableConfigMap }, now);
    if (!saved.ok) throw new AppError('internal', saved.error.message);
    if (saved.value.data === null)
      throw new AppError('conflict', 'The table has no data: there is nothing to save, and the guard has nothing to compare against');
    const { versionId } = await importSavedTable(await cluster.history(), saved.value, fileName, now);
    await removeTableData(cluster, k, body.resourceVersion);
    try {
      const job = await createJob();
      return { fileName, content, savedVersion: versionId, rows: saved.value.rows, job };
    } catch (err) {
      const error = toAppError(err);
      throw new AppError(
        error.code,
        `The table's data was removed (saved as version ${versionId}), but the Job was not created: ${error.message}. Run the snapshot now, or restore the saved table.`,
      );
    }
  });
}
