import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { diffCounts, diffTables, parseSavedTable, showTime } from '@/lib/domain';
import { savedTableFileName } from '@/lib/domain/write-commands';
import { AppError } from '@/lib/errors';
import type { RestoreBody, RestoreSourceBody } from '@/lib/http/params';
import { readVersion } from '@/lib/history/store';
import type { KubeClients } from '@/lib/k8s/client';
import { readTableConfigMap } from '@/lib/k8s/table';
import { assertTableAsShown, mergeTableData, readTableForSave } from '@/lib/k8s/table-writes';
import type { RestoreDone, RestorePreview } from './table-write-types';

// Putting a saved table back (the runbook's restore): first what it changes against today's table, then the merge
// patch of its data on the table that diff was made against, checked afterwards to equal the saved data exactly.

interface SavedData {
  data: Record<string, string>;
  label: string;
  fileName: string;
}

async function savedDataOf(cluster: Cluster, source: RestoreSourceBody): Promise<SavedData> {
  const s = cluster.facts;
  if ('versionId' in source) {
    const version = await readVersion(await cluster.history(), source.versionId);
    if (!version) throw new AppError('not-found', `No recorded version ${source.versionId}`);
    if (!version.data) throw new AppError('bad-request', `Version ${source.versionId} has no data: restoring it would empty the table`);
    return {
      data: version.data,
      label: `version ${version.id} (in force from ${showTime(version.inForceFrom)})`,
      fileName: version.label ?? savedTableFileName(s.tableConfigMap, new Date(version.inForceFrom)),
    };
  }
  const parsed = parseSavedTable(source.content, source.fileName, { namespace: s.kyvernoNamespace, name: s.tableConfigMap }, new Date());
  if (!parsed.ok) throw new AppError('bad-request', parsed.error.message);
  if (!parsed.value.data) throw new AppError('bad-request', `${source.fileName} has no data: restoring it would empty the table`);
  return { data: parsed.value.data, label: source.fileName, fileName: source.fileName };
}

/** What the restore would change, read with memdash's read credential, and the resourceVersion it was read at. */
export async function previewRestore(cluster: Cluster, source: RestoreSourceBody): Promise<RestorePreview> {
  const saved = await savedDataOf(cluster, source);
  const configMap = await readTableConfigMap(cluster);
  const resourceVersion = configMap?.metadata?.resourceVersion;
  if (!resourceVersion) {
    const s = cluster.facts;
    throw new AppError(
      'not-found',
      `ConfigMap ${s.kyvernoNamespace}/${s.tableConfigMap} does not exist: there is no table to restore into`,
    );
  }
  const current = configMap.data;
  const diff = diffTables(current && Object.keys(current).length > 0 ? current : null, saved.data);
  return {
    diff,
    counts: diffCounts(diff),
    savedRows: Object.keys(saved.data).length,
    label: saved.label,
    fileName: saved.fileName,
    resourceVersion,
  };
}

/**
 * The merge patch, with the write credential, on the table the diff was shown against (a 409 when it moved since);
 * then the table as the patch left it, compared with the saved data.
 */
export async function restoreTable(cluster: Cluster, k: KubeClients, body: RestoreBody): Promise<RestoreDone & { label: string }> {
  const { resourceVersion, ...source } = body;
  const saved = await savedDataOf(cluster, source);
  const current = await readTableForSave(cluster, k);
  assertTableAsShown(current, resourceVersion);
  const after = await mergeTableData(cluster, k, saved.data, current);
  return { rows: Object.keys(after.data ?? {}).length, identical: sameData(after.data ?? {}, saved.data), label: saved.label };
}

function sameData(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && a[key] === b[key]);
}
