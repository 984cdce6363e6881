import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readDrill } from '@/lib/views/break-glass';

export const dynamic = 'force-dynamic';

/** The drill's steps and checks, from the cluster and the history store. */
export const GET = route<{ cluster?: string }>(async (request, params) =>
  Response.json(await readDrill(clusterOf(params), rightsOfAsker(request.headers))),
);
