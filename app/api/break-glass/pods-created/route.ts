import { errorResponse } from '@/lib/errors';
import { parseSince, readPodsCreated } from '@/lib/views/pods-created';

export const dynamic = 'force-dynamic';

/** Pods created since the recorded gap (or ?since=<RFC 3339>), grouped by workload with their verdicts. */
export async function GET(request: Request): Promise<Response> {
  try {
    const since = parseSince(new URL(request.url).searchParams.get('since'));
    return Response.json(await readPodsCreated(since));
  } catch (err) {
    return errorResponse(err);
  }
}
