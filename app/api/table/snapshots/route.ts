import { errorResponse } from '@/lib/http/errors';
import { historyDb } from '@/lib/history';
import { listSnapshots } from '@/lib/history/reads';

export const dynamic = 'force-dynamic';

/** Every recorded version of the table, newest first, with the job's counts against the one before. */
export async function GET(): Promise<Response> {
  try {
    return Response.json({ snapshots: await listSnapshots(await historyDb()) });
  } catch (err) {
    return errorResponse(err);
  }
}
