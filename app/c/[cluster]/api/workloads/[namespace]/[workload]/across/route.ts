import { clusters } from '@/lib/cluster/registry';
import { clusterOf } from '@/lib/http/cluster';
import { parseWorkloadRef } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { rightsByClusterOfAsker, rightsOfAsker } from '@/lib/http/viewer';
import { readWorkloadAcross } from '@/lib/views/workload-across';

export const dynamic = 'force-dynamic';

/**
 * The workload beside the same workload in the other clusters the asker reads: its rows, p90 and OOM kills in each
 * (WorkloadAcross), this cluster first. The gate puts the asker's rights in every cluster in the request for this
 * path (lib/cluster/paths.ts ACROSS).
 */
export const GET = route<{ namespace: string; workload: string; cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  const ref = parseWorkloadRef(params);
  const every = clusters().all;
  const rights = rightsOfAsker(request.headers);
  return Response.json(
    await readWorkloadAcross(
      cluster,
      every,
      ref,
      rights,
      rightsByClusterOfAsker(
        request.headers,
        every.map((c) => c.name),
      ),
      { signal: request.signal },
    ),
  );
});
