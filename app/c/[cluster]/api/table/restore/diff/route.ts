import { restoreSource } from '@/lib/http/params';
import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { rightsOfAsker, requireTable } from '@/lib/http/viewer';
import { jsonObjectOf, parsedBody } from '@/lib/http/write-guard';
import { previewRestore } from '@/lib/views/table-restore';

export const dynamic = 'force-dynamic';

/**
 * What restoring a saved table would change against today's table. Writes nothing (so no credential, no audit);
 * a POST because an uploaded file travels in the body, checked as the write guard checks a write's: same origin,
 * JSON only, its size, its schema.
 */
export const POST = route<{ cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  requireTable(cluster, rightsOfAsker(request.headers));
  const source = parsedBody(restoreSource, await jsonObjectOf(request));
  return Response.json(await previewRestore(cluster, source));
});
