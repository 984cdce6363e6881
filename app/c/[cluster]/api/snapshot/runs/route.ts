import { z } from 'zod';
import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { guardedWrite } from '@/lib/http/write-guard';
import { createSnapshotJob } from '@/lib/k8s/snapshot-job';
import { readSnapshotRunList } from '@/lib/views/snapshot-run';
import { rightsOfAsker, requireSnapshotRuns } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/** Recent runs of the snapshot, scheduled and manual, newest first, each with what its log says it did. */
export const GET = route<{ cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  requireSnapshotRuns(cluster, rightsOfAsker(request.headers));
  return Response.json(await readSnapshotRunList(cluster));
});

/** Runs the snapshot now (the runbook's "Refreshing it by hand"): 201 {"job": "<name>"}. Body: {}. */
export const POST = guardedWrite({
  action: 'snapshot.run',
  body: z.object({}).strict(),
  target: (_body, { facts }) => `${facts.kyvernoNamespace}/cronjob/${facts.snapshotCronJob}`,
  run: async ({ cluster, k, now }) => {
    const job = await createSnapshotJob(cluster, k, now);
    return { status: 201, json: { job }, target: `${cluster.facts.kyvernoNamespace}/job/${job}`, detail: `created Job ${job}` };
  },
});
