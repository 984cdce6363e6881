import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { parseJobName } from '@/lib/http/params';
import { readSnapshotRun, requireRun } from '@/lib/views/snapshot-run';
import { rightsOfAsker } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/** One run as it stands: its tries, each try's result, and after a success the table's change. Reads only. */
export const GET = route<{ job: string; cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  requireRun(cluster, rightsOfAsker(request.headers));
  const { run, logs } = await readSnapshotRun(cluster, parseJobName(params.job));
  return Response.json({ ...run, logs: Object.fromEntries(logs) });
});
