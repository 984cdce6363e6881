import { AppError } from '@/lib/errors';
import { crdDeleteBody, removalBody } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { guardedWrite } from '@/lib/http/write-guard';
import { deleteKyvernoCrds, deleteLeftoverRegistrations, removalAudit } from '@/lib/views/removal-steps';

export const dynamic = 'force-dynamic';

// The removal's two deletes, each a guarded write: Origin, JSON, the write credential, refused while an admission
// controller answers, the cluster's answer, one audit record each.
const ACTIONS = {
  'delete-registrations': guardedWrite({
    ...removalAudit('delete-registrations'),
    body: removalBody,
    run: async ({ cluster, k }) => {
      const json = await deleteLeftoverRegistrations(cluster, k);
      return { json, detail: json.done };
    },
  }),
  'delete-crds': guardedWrite({
    ...removalAudit('delete-crds'),
    body: crdDeleteBody,
    run: async ({ cluster, kc, body }) => {
      const json = await deleteKyvernoCrds(cluster, kc, body.confirm);
      return { json, detail: json.done };
    },
  }),
} as const;

/** POST /api/lifecycle/{delete-registrations|delete-crds} with the write credential. */
export const POST = route<{ action: string; cluster?: string }>(async (request, params) => {
  const handler = ACTIONS[params.action as keyof typeof ACTIONS];
  if (!handler) throw new AppError('not-found', `No removal action "${params.action}": one of ${Object.keys(ACTIONS).join(', ')}`);
  // the guard resolves the cluster from the same segments
  return handler(request, { params: Promise.resolve(params) });
});
