import { route } from '@/lib/http/route';
import { clusterOf } from '@/lib/http/cluster';
import { listSnapshots } from '@/lib/history/reads';
import { rightsOfAsker, requireTable } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/** Every recorded version of the table, newest first, with the job's counts against the one before. */
export const GET = route<{ cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  requireTable(cluster, rightsOfAsker(request.headers));
  return Response.json({ snapshots: await listSnapshots(await cluster.history()) });
});
