import { route } from '@/lib/http/route';
import { historyDb } from '@/lib/history';
import { listSnapshots } from '@/lib/history/reads';
import { rightsOfAsker, requireTable } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/** Every recorded version of the table, newest first, with the job's counts against the one before. */
export const GET = route(async (request) => {
  requireTable(rightsOfAsker(request.headers));
  return Response.json({ snapshots: await listSnapshots(await historyDb()) });
});
