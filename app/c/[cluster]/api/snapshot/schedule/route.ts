import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { requireSnapshotRuns, rightsOfAsker } from '@/lib/http/viewer';
import { readSnapshotSchedule } from '@/lib/views/snapshot-schedule';

export const dynamic = 'force-dynamic';

/**
 * When the snapshot CronJob runs next (UTC and its zone's time), whether it is suspended, and its last runs: the
 * snapshot Jobs', for those who may read their logs.
 */
export const GET = route<{ cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  requireSnapshotRuns(cluster, rightsOfAsker(request.headers));
  return Response.json(await readSnapshotSchedule(cluster, new Date()));
});
