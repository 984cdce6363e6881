import { errorResponse } from '@/lib/http/route';
import { jobParam } from '@/lib/views/snapshot-run-params';
import { readSnapshotRun, requireRun } from '@/lib/views/snapshot-run';
import { rightsOfAsker } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/** One run as it stands: its tries, each try's result, and after a success the table's change. Reads only. */
export async function GET(request: Request, { params }: { params: Promise<{ job: string }> }): Promise<Response> {
  try {
    requireRun(rightsOfAsker(request.headers));
    const { run, logs } = await readSnapshotRun(jobParam((await params).job));
    return Response.json({ ...run, logs: Object.fromEntries(logs) });
  } catch (err) {
    return errorResponse(err);
  }
}
