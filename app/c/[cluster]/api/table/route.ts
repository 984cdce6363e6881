import { tableRowsAnswer } from '@/lib/views/table-rows';
import { readTable } from '@/lib/k8s/table';
import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { rightsOfAsker, requireTable } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/** Every row of today's table (well-formed ones packed, malformed ones flagged): what /table searches and sorts. */
export const GET = route<{ cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  requireTable(cluster, rightsOfAsker(request.headers));
  return Response.json(tableRowsAnswer((await readTable(cluster)).parsed));
});
