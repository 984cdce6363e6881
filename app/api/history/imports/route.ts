import { z } from 'zod';
import { settings } from '@/lib/config';
import { parseSavedTable } from '@/lib/domain';
import { AppError, errorResponse } from '@/lib/errors';
import { historyDb } from '@/lib/history';
import { importSavedTable } from '@/lib/history/store';
import { assertSameOrigin } from '@/lib/http/origin';

export const dynamic = 'force-dynamic';

const importBody = z.object({
  fileName: z.string().min(1).max(255),
  content: z.string().max(20_000_000, 'a saved table is at most 20 MB'),
  takenAt: z.string().max(64).optional(),
});

/** Imports a saved table (the runbook's memory-requests-<date>.json) as a snapshot. JSON only, same origin only. */
export async function POST(request: Request): Promise<Response> {
  try {
    assertSameOrigin(request); // a page of another site must not add versions to the history
    if (!request.headers.get('content-type')?.startsWith('application/json')) throw new AppError('bad-request', 'Send the file as JSON: {fileName, content, takenAt?}');
    const body = importBody.safeParse(await request.json().catch(() => null));
    if (!body.success) throw new AppError('bad-request', `Bad import (${body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
    const s = settings();
    const parsed = parseSavedTable(body.data.content, body.data.fileName, { namespace: s.kyvernoNamespace, name: s.tableConfigMap }, body.data.takenAt || undefined);
    if (!parsed.ok) throw new AppError('bad-request', parsed.problem);
    const stored = await importSavedTable(await historyDb(), parsed.table, body.data.fileName, new Date());
    return Response.json({ ...stored, takenAt: parsed.table.takenAt, takenAtSource: parsed.table.takenAtSource, rows: parsed.table.rows }, { status: stored.created ? 201 : 200 });
  } catch (err) {
    return errorResponse(err);
  }
}
