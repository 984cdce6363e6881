import { clusterOf } from '@/lib/http/cluster';
import { parseIncidentId } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readIncident } from '@/lib/views/incidents';

export const dynamic = 'force-dynamic';

/** One incident: its timeline, the pods created meanwhile, the follow-ups. */
export const GET = route<{ id: string; cluster?: string }>(async (request, params) =>
  Response.json(await readIncident(clusterOf(params), parseIncidentId(params.id), rightsOfAsker(request.headers))),
);
