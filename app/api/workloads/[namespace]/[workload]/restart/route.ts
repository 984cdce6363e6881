import { z } from 'zod';
import { RESTARTABLE_KINDS } from '@/lib/domain';
import { AppError, errorResponse } from '@/lib/errors';
import { guardedWrite } from '@/lib/http/write-guard';
import { rolloutRestart } from '@/lib/k8s/break-glass';
import { namespaceName, objectName } from '@/lib/k8s/names';
import type { RestartAnswer } from '@/lib/views/break-glass-types';

export const dynamic = 'force-dynamic';

const target = z.object({ namespace: namespaceName, workload: objectName });

/** `kubectl rollout restart` of one workload. Body {kind: Deployment|StatefulSet|DaemonSet} and the write credential. */
export async function POST(request: Request, { params }: { params: Promise<{ namespace: string; workload: string }> }): Promise<Response> {
  const parsed = target.safeParse(await params);
  if (!parsed.success) {
    return errorResponse(new AppError('invalid-name', `Not a valid Kubernetes name (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`));
  }
  const { namespace, workload: name } = parsed.data;
  return guardedWrite({
    action: 'workload.restart',
    body: z.object({ kind: z.enum(RESTARTABLE_KINDS) }),
    target: (body) => `${namespace}/${body.kind.toLowerCase()}/${name}`,
    run: async ({ body, k, now }) => {
      const restartedAt = await rolloutRestart(k, { namespace, kind: body.kind, name }, now);
      const json: RestartAnswer = { namespace, kind: body.kind, name, restartedAt };
      return { json, detail: `restartedAt ${restartedAt}` };
    },
  })(request);
}
