import { z } from 'zod';
import { accessAnswers } from '@/lib/k8s/access';
import { guardedCheck } from '@/lib/http/write-guard';

export const dynamic = 'force-dynamic';

const check = z.object({
  verb: z.enum(['get', 'list', 'create', 'update', 'patch', 'delete', 'deletecollection']),
  group: z
    .string()
    .max(253)
    .regex(/^[a-z0-9.-]*$/, 'an API group is lower-case letters, digits, "." and "-"'),
  resource: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9.-]+$/, 'a resource is lower-case letters, digits, "." and "-"'),
  subresource: z
    .string()
    .max(63)
    .regex(/^[a-z]+$/)
    .optional(),
  namespace: z
    .string()
    .max(63)
    .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/)
    .optional(),
  name: z
    .string()
    .max(253)
    .regex(/^[a-z0-9]([-a-z0-9.:]*[a-z0-9])?$/)
    .optional(),
});

/**
 * Who the write credential is and what it may do: one SelfSubjectAccessReview per check, shown on a button before
 * it is pressed; with nothing pasted and MEMDASH_WRITE_AS_USER=on, the signed-in person's own ID token (`credential`
 * says which). Asks, never writes, so it leaves no audit record. Body: {checks: AccessCheck[]}. Each client may ask
 * MEMDASH_ACCESS_LIMIT times a minute (lib/server/client-limits.ts, before the request reaches this route), then 429.
 */
export const POST = guardedCheck({
  body: z.object({ checks: z.array(check).max(20) }),
  run: async ({ body, k, actor, credential }) => ({ json: { actor, credential, answers: await accessAnswers(k, body.checks) } }),
});
