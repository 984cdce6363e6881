import { parsePodRef } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { explainPodShared } from '@/lib/views/explain';

export const dynamic = 'force-dynamic';

/** Why each container of a pod has its memory request: the JSON the pod page renders. */
export const GET = route<{ namespace: string; pod: string }>(async (_request, { namespace, pod }) =>
  Response.json(await explainPodShared(parsePodRef({ namespace, name: pod }))),
);
