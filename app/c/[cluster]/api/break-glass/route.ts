import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readBreakGlass } from '@/lib/views/break-glass';

export const dynamic = 'force-dynamic';

/** The break-glass's evidence and each step's status, from the cluster and the history store (for scripts too). */
export const GET = route<{ cluster?: string }>(async (request, params) =>
  Response.json(await readBreakGlass(clusterOf(params), rightsOfAsker(request.headers))),
);
