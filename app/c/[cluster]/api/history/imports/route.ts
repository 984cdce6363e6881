import { settings } from '@/lib/config';
import { parseSavedTable } from '@/lib/domain';
import { tablePatchCheck } from '@/lib/domain/access';
import { AppError } from '@/lib/errors';
import { importBody } from '@/lib/http/params';
import { guardedWrite } from '@/lib/http/write-guard';
import { importSavedTable, type ImportsHeld } from '@/lib/history/store';
import { assertAllowed } from '@/lib/k8s/access';

export const dynamic = 'force-dynamic';

/**
 * Imports a saved table (the runbook's memory-requests-<date>.json) as a version of the history. A write: an import
 * can explain pods created before the first recorded version, and is offered for a restore, so it takes a write
 * credential that may patch the table, and leaves one audit record. Body: {fileName, content, takenAt?}.
 */
export const POST = guardedWrite({
  action: 'history.import',
  body: importBody,
  target: (body) => `history: import of ${body.fileName}`,
  run: async ({ cluster, body, k, actor, now }) => {
    const s = settings();
    const { kyvernoNamespace, tableConfigMap } = cluster.facts;
    await assertAllowed(
      k,
      actor,
      [tablePatchCheck(kyvernoNamespace, tableConfigMap)],
      "an import stands for the table's past, so it takes a credential that may write the table; nothing was stored",
    );
    const parsed = parseSavedTable(
      body.content,
      body.fileName,
      { namespace: kyvernoNamespace, name: tableConfigMap },
      now,
      body.takenAt || undefined,
    );
    if (!parsed.ok) throw new AppError(parsed.error.code, parsed.error.message);
    const cap = { imports: s.historyImportsMax, bytes: s.historyImportBytesMax };
    const stored = await importSavedTable(await cluster.history(), parsed.value, body.fileName, now, cap);
    if ('full' in stored) throw new AppError('conflict', storeFull(stored.full, cap, Buffer.byteLength(body.content)));
    const { takenAt, takenAtSource, rows } = parsed.value;
    return {
      status: stored.created ? 201 : 200,
      json: { ...stored, takenAt, takenAtSource, rows },
      target: `history: version ${stored.versionId} from ${body.fileName}`,
      detail: `${stored.created ? 'imported' : 'already imported'}: ${rows} rows dated ${takenAt}`,
    };
  },
});

/** The refusal of a full store: what it holds, the cap, and the settings that make room (an import is never deleted). */
function storeFull(held: ImportsHeld, cap: ImportsHeld, fileBytes: number): string {
  return (
    `The history holds ${held.imports} imported tables (${held.bytes} bytes); its cap is ${cap.imports} imports and ${cap.bytes} bytes, ` +
    `and this one (${fileBytes} bytes as uploaded) would pass it. Imports are never deleted: raise MEMDASH_HISTORY_IMPORTS_MAX or ` +
    `MEMDASH_HISTORY_IMPORT_BYTES_MAX to import more. Nothing was stored.`
  );
}
