import { clusterOf } from '@/lib/http/cluster';
import { parseAuditSearch, searchOf } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { readAuditLog } from '@/lib/views/audit';
import { rightsOfAsker, requireAudit } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/**
 * memdash's writes, one record per attempt with a credential, and the count of those refused before one:
 * ?action=snapshot.run&outcome=refused&limit=200, then ?before=<next> for the page after.
 */
export const GET = route<{ cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  requireAudit(rightsOfAsker(request.headers));
  return Response.json(await readAuditLog(cluster, parseAuditSearch(searchOf(request))), { headers: { 'cache-control': 'no-store' } });
});
