import { settings } from '@/lib/config';
import { parseSavedTable } from '@/lib/domain';
import { readJsonBody } from '@/lib/http/body';
import { AppError } from '@/lib/http/errors';
import { MAX_JSON_BODY_BYTES } from '@/lib/http/limits';
import { assertSameOrigin } from '@/lib/http/origin';
import { IMPORT_BODY_SHAPE, parseImportBody } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { historyDb } from '@/lib/history';
import { importSavedTable } from '@/lib/history/store';

export const dynamic = 'force-dynamic';

/** Imports a saved table (the runbook's memory-requests-<date>.json) as a snapshot. JSON only, same origin only. */
export const POST = route(async (request) => {
  assertSameOrigin(request); // a page of another site must not add versions to the history
  const body = parseImportBody(await readJsonBody(request, MAX_JSON_BODY_BYTES, IMPORT_BODY_SHAPE));
  const s = settings();
  const now = new Date();
  const parsed = parseSavedTable(
    body.content,
    body.fileName,
    { namespace: s.kyvernoNamespace, name: s.tableConfigMap },
    now,
    body.takenAt || undefined,
  );
  if (!parsed.ok) throw new AppError(parsed.error.code, parsed.error.message);
  const stored = await importSavedTable(await historyDb(), parsed.value, body.fileName, now);
  return Response.json(
    { ...stored, takenAt: parsed.value.takenAt, takenAtSource: parsed.value.takenAtSource, rows: parsed.value.rows },
    { status: stored.created ? 201 : 200 },
  );
});
