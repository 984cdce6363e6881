import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readWorkloads } from '@/lib/views/workloads';

export const dynamic = 'force-dynamic';

/** Every workload the table has rows for, with its pods' counts: what /workloads searches and sorts in the browser. */
export const GET = route<{ cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  return Response.json(await readWorkloads(cluster, rightsOfAsker(request.headers)));
});
