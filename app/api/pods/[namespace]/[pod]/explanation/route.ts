import { errorResponse } from '@/lib/http/errors';
import { explainPodByRef } from '@/lib/views/explain';

export const dynamic = 'force-dynamic';

/** Why each container of a pod has its memory request: the JSON the pod page renders. */
export async function GET(_request: Request, context: { params: Promise<{ namespace: string; pod: string }> }): Promise<Response> {
  try {
    const { namespace, pod } = await context.params;
    return Response.json(await explainPodByRef({ namespace, name: pod }));
  } catch (err) {
    return errorResponse(err);
  }
}
