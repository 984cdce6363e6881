import { clusterOf } from '@/lib/http/cluster';
import { parseSince, searchOf } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readPodsCreated } from '@/lib/views/pods-created';

export const dynamic = 'force-dynamic';

/** Pods created since the recorded gap (or ?since=<RFC 3339>), grouped by workload with their verdicts. */
export const GET = route<{ cluster?: string }>(async (request, params) =>
  Response.json(await readPodsCreated(clusterOf(params), parseSince(searchOf(request)), rightsOfAsker(request.headers))),
);
