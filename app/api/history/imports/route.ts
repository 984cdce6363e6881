import { z } from 'zod';
import { settings } from '@/lib/config';
import { parseSavedTable } from '@/lib/domain';
import { AppError, errorResponse } from '@/lib/errors';
import { historyDb } from '@/lib/history';
import { importSavedTable } from '@/lib/history/store';
import { readJsonBody } from '@/lib/http/body';
import { MAX_JSON_BODY_BYTES } from '@/lib/http/limits';
import { assertSameOrigin } from '@/lib/http/origin';

export const dynamic = 'force-dynamic';

const SHAPE = '{fileName, content, takenAt?}';

const importBody = z.object({
  fileName: z.string().min(1).max(255),
  content: z.string().max(MAX_JSON_BODY_BYTES),
  takenAt: z.string().max(64).optional(),
});

/** Imports a saved table (the runbook's memory-requests-<date>.json) as a snapshot. JSON only, same origin only. */
export async function POST(request: Request): Promise<Response> {
  try {
    assertSameOrigin(request); // a page of another site must not add versions to the history
    const body = importBody.safeParse(await readJsonBody(request, MAX_JSON_BODY_BYTES, SHAPE));
    if (!body.success) throw new AppError('bad-request', `Bad import, expected ${SHAPE} (${body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
    const s = settings();
    const now = new Date();
    const parsed = parseSavedTable(body.data.content, body.data.fileName, { namespace: s.kyvernoNamespace, name: s.tableConfigMap }, now, body.data.takenAt || undefined);
    if (!parsed.ok) throw new AppError('bad-request', parsed.problem);
    const stored = await importSavedTable(await historyDb(), parsed.table, body.data.fileName, now);
    return Response.json({ ...stored, takenAt: parsed.table.takenAt, takenAtSource: parsed.table.takenAtSource, rows: parsed.table.rows }, { status: stored.created ? 201 : 200 });
  } catch (err) {
    return errorResponse(err);
  }
}
