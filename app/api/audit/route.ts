import { errorResponse } from '@/lib/http/errors';
import { readAuditLog } from '@/lib/views/audit';

export const dynamic = 'force-dynamic';

/** memdash's writes, one record per attempt: ?action=snapshot.run&outcome=refused&limit=200. */
export async function GET(request: Request): Promise<Response> {
  try {
    return Response.json(await readAuditLog(Object.fromEntries(new URL(request.url).searchParams)), {
      headers: { 'cache-control': 'no-store' },
    });
  } catch (err) {
    return errorResponse(err);
  }
}
