import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readIncidents } from '@/lib/views/incidents';

export const dynamic = 'force-dynamic';

/** Every break-glass and drill as an incident, newest first. */
export const GET = route<{ cluster?: string }>(async (request, params) =>
  Response.json(await readIncidents(clusterOf(params), rightsOfAsker(request.headers))),
);
