import { clusterOf } from '@/lib/http/cluster';
import { parseIncidentExport, parseIncidentId, searchOf } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readIncident, readIncidentMarkdown } from '@/lib/views/incidents';

export const dynamic = 'force-dynamic';

/** One incident as a file: ?format=md, the postmortem draft (the default), or json, the API's answer. */
export const GET = route<{ id: string; cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  const id = parseIncidentId(params.id);
  const format = parseIncidentExport(searchOf(request));
  const rights = rightsOfAsker(request.headers);
  const headers = { 'cache-control': 'no-store', 'content-disposition': `attachment; filename="incident-${id}.${format}"` };
  if (format === 'json') return Response.json(await readIncident(cluster, id, rights), { headers });
  return new Response(await readIncidentMarkdown(cluster, id, rights), {
    headers: { ...headers, 'content-type': 'text/markdown; charset=utf-8' },
  });
});
