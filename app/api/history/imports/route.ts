import { settings } from '@/lib/config';
import { parseSavedTable } from '@/lib/domain';
import { AppError } from '@/lib/http/errors';
import { parseImportBody } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { historyDb } from '@/lib/history';
import { importSavedTable } from '@/lib/history/store';
import { assertSameOrigin } from '@/lib/same-origin';

export const dynamic = 'force-dynamic';

/** Imports a saved table (the runbook's memory-requests-<date>.json) as a snapshot. JSON only, same origin only. */
export const POST = route(async (request) => {
  assertSameOrigin(request); // a page of another site must not add versions to the history
  if (!request.headers.get('content-type')?.startsWith('application/json')) throw new AppError('bad-request', 'Send the file as JSON: {fileName, content, takenAt?}');
  const body = parseImportBody(await request.json().catch(() => null));
  const s = settings();
  const parsed = parseSavedTable(body.content, body.fileName, { namespace: s.kyvernoNamespace, name: s.tableConfigMap }, body.takenAt || undefined);
  if (!parsed.ok) throw new AppError(parsed.error.code, parsed.error.message);
  const stored = await importSavedTable(await historyDb(), parsed.value, body.fileName, new Date());
  return Response.json({ ...stored, takenAt: parsed.value.takenAt, takenAtSource: parsed.value.takenAtSource, rows: parsed.value.rows }, { status: stored.created ? 201 : 200 });
});
