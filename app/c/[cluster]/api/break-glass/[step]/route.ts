import { z } from 'zod';
import type { Cluster } from '@/lib/cluster/cluster';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/http/route';
import { guardedWrite } from '@/lib/http/write-guard';
import { deleteRegistrations, probe, scaleDown, scaleUp, stepAudit } from '@/lib/views/break-glass-steps';

export const dynamic = 'force-dynamic';

const noBody = z.object({}).strict();

// One guarded write per step: Origin, JSON, the write credential, the cluster's answer, one audit record each.
const STEPS = {
  'scale-down': guardedWrite({
    ...stepAudit('scale-down'),
    body: noBody,
    run: async ({ cluster, k, now }) => {
      const json = await scaleDown(cluster, k, now);
      return { json, detail: json.done };
    },
  }),
  'delete-registrations': guardedWrite({
    ...stepAudit('delete-registrations'),
    body: noBody,
    run: async ({ cluster, k, now }) => {
      const json = await deleteRegistrations(cluster, k, now);
      return { json, detail: json.done };
    },
  }),
  // The probe is the runbook's dry run with memdash's read credential, as the default kubeconfig runs it. It needs no
  // write credential; one that is sent must be one the cluster accepts, and then names who asked on the record with
  // the other steps. It goes through the webhook page's limiter, asking for a probe started after the step before it
  // (lib/k8s/probe.ts).
  probe: guardedWrite({
    ...stepAudit('probe'),
    body: noBody,
    run: probeStep,
    withoutCredential: probeStep,
  }),
  'scale-up': guardedWrite({
    ...stepAudit('scale-up'),
    body: noBody,
    run: async ({ cluster, k, now }) => {
      const json = await scaleUp(cluster, k, now);
      return { json, detail: json.done };
    },
  }),
} as const;

async function probeStep({ cluster }: { cluster: Cluster }) {
  const json = await probe(cluster);
  return { json, detail: json.done };
}

/** POST /api/break-glass/{scale-down|delete-registrations|probe|scale-up}, body {} and the write credential. */
export const POST = route<{ step: string; cluster?: string }>(async (request, params) => {
  const handler = STEPS[params.step as keyof typeof STEPS];
  if (!handler) throw new AppError('not-found', `No break-glass step "${params.step}": one of ${Object.keys(STEPS).join(', ')}`);
  // the guard resolves the cluster from the same segments
  return handler(request, { params: Promise.resolve(params) });
});
