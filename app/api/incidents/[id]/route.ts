import { parseIncidentId } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readIncident } from '@/lib/views/incidents';

export const dynamic = 'force-dynamic';

/** One incident: its timeline, the pods created meanwhile, the follow-ups. */
export const GET = route<{ id: string }>(async (request, { id }) =>
  Response.json(await readIncident(parseIncidentId(id), rightsOfAsker(request.headers))),
);
