import { clusterOf } from '@/lib/http/cluster';
import { parseChartRange, parseWorkloadRef, searchOf } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readWorkloadMemory } from '@/lib/views/workload-memory';

export const dynamic = 'force-dynamic';

/**
 * The workload's memory charts over ?range= (24h, 7d, 28d; the snapshot's window without it): Prometheus's working
 * set, the pooled p90, the row over time and the versions that changed it (WorkloadMemory: a Part, its error in the
 * charts' place when Prometheus fails).
 */
export const GET = route<{ namespace: string; workload: string; cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  const ref = parseWorkloadRef(params);
  const range = parseChartRange(searchOf(request));
  // the request's signal: a browser that leaves stops the Prometheus read
  return Response.json(await readWorkloadMemory(cluster, ref, rightsOfAsker(request.headers), range, { signal: request.signal }));
});
