import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { requireRunJob } from '@/lib/k8s/snapshot-runs';
import { followSnapshotRun } from '@/lib/views/snapshot-run-follow';
import { parseJobName } from '@/lib/http/params';
import { rightsOfAsker } from '@/lib/http/viewer';
import { requireRun } from '@/lib/views/snapshot-run';

export const dynamic = 'force-dynamic';

/**
 * The run followed live as server-sent events (RunEvent): the run whenever it changes, each try's new log lines as
 * they are written, then `end`. Closing the page stops it: the loop and its in-flight API call are aborted. A Job that
 * is not a run of the snapshot is a 404 before any stream starts.
 */
export const GET = route<{ job: string; cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  requireRun(cluster, rightsOfAsker(request.headers));
  const job = parseJobName(params.job);
  await requireRunJob(cluster, cluster.clients(undefined, request.signal), job);
  const stream = followSnapshotRun(cluster, job, request.signal);
  return new Response(stream, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
  });
});
