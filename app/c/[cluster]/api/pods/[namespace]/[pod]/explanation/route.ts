import { clusterOf } from '@/lib/http/cluster';
import { parsePodRef } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { explainPodFor } from '@/lib/views/explain';

export const dynamic = 'force-dynamic';

/** Why each container of a pod has its memory request: the JSON the pod page renders (404 outside the asker's namespaces). */
export const GET = route<{ namespace: string; pod: string; cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  const ref = parsePodRef({ namespace: params.namespace, name: params.pod });
  return Response.json(await explainPodFor(cluster, rightsOfAsker(request.headers), ref));
});
