import { AppError } from '@/lib/errors';
import { errorResponse } from '@/lib/http/route';
import { assertSameOrigin } from '@/lib/http/origin';
import { previewRestore, restoreSource } from '@/lib/views/table-restore';
import { rightsOfAsker, requireTable } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/**
 * What restoring a saved table would change against today's table. Writes nothing (so no credential, no audit);
 * a POST because an uploaded file travels in the body. Same origin and JSON only, like the writes.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    requireTable(rightsOfAsker(request.headers));
    assertSameOrigin(request);
    if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? ''))
      throw new AppError('unsupported-media-type', 'Send JSON: {versionId} or {fileName, content}');
    const body = restoreSource.safeParse(await request.json().catch(() => null));
    if (!body.success)
      throw new AppError(
        'bad-request',
        `Bad request (${body.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')})`,
      );
    return Response.json(await previewRestore(body.data));
  } catch (err) {
    return errorResponse(err);
  }
}
