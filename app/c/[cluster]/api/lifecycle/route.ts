import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readLifecycle } from '@/lib/views/lifecycle';

export const dynamic = 'force-dynamic';

/** The runbook's upgrade check and what a removal leaves, from the cluster (for scripts too): for everyone signed in. */
export const GET = route<{ cluster?: string }>(async (request, params) => {
  return Response.json(await readLifecycle(clusterOf(params), rightsOfAsker(request.headers)));
});
