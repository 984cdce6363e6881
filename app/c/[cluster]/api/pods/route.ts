import { clusterOf } from '@/lib/http/cluster';
import { parsePodSearch, searchOf } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { findPods } from '@/lib/views/pods';

export const dynamic = 'force-dynamic';

/** Pods by namespace and name fragment, for the Ctrl/Cmd-K jump: ?namespace=&name=&limit= (only what the asker may list) */
export const GET = route<{ cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  return Response.json(await findPods(cluster, parsePodSearch(searchOf(request), 20), rightsOfAsker(request.headers)));
});
