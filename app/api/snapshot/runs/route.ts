import { z } from 'zod';
import { settings } from '@/lib/config';
import { route } from '@/lib/http/route';
import { guardedWrite } from '@/lib/http/write-guard';
import { createSnapshotJob } from '@/lib/k8s/snapshot-job';
import { readSnapshotRunList } from '@/lib/views/snapshot-run';
import { rightsOfAsker, requireSnapshotRuns } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/** Recent runs of the snapshot, scheduled and manual, newest first, each with what its log says it did. */
export const GET = route(async (request) => {
  requireSnapshotRuns(rightsOfAsker(request.headers));
  return Response.json(await readSnapshotRunList());
});

/** Runs the snapshot now (the runbook's "Refreshing it by hand"): 201 {"job": "<name>"}. Body: {}. */
export const POST = guardedWrite({
  action: 'snapshot.run',
  body: z.object({}).strict(),
  target: () => `${settings().kyvernoNamespace}/cronjob/${settings().snapshotCronJob}`,
  run: async ({ k, now }) => {
    const job = await createSnapshotJob(k, now);
    return { status: 201, json: { job }, target: `${settings().kyvernoNamespace}/job/${job}`, detail: `created Job ${job}` };
  },
});
