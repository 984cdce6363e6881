import { z } from 'zod';
import { RESTARTABLE_KINDS } from '@/lib/domain';
import { parseWorkloadRef } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { guardedWrite } from '@/lib/http/write-guard';
import { rolloutRestart } from '@/lib/k8s/break-glass';
import type { RestartAnswer } from '@/lib/views/break-glass-types';

export const dynamic = 'force-dynamic';

/** `kubectl rollout restart` of one workload. Body {kind: Deployment|StatefulSet|DaemonSet} and the write credential. */
export const POST = route<{ namespace: string; workload: string }>(async (request, params) => {
  const { namespace, workload: name } = parseWorkloadRef(params);
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
});
