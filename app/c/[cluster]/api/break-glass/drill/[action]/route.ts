import { z } from 'zod';
import type { Cluster } from '@/lib/cluster/cluster';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/http/route';
import { guardedWrite } from '@/lib/http/write-guard';
import { accessAnswers } from '@/lib/k8s/access';
import type { KubeClients } from '@/lib/k8s/client';
import { createSaved, saveForDrill, stepAudit } from '@/lib/views/break-glass-steps';

export const dynamic = 'force-dynamic';

// The drill's own two actions; its scale-down, delete, probe and scale-up are the break-glass's steps.
const ACTIONS = {
  // Starting the drill is typed out on the page; the server checks the same words so a script cannot skip them.
  save: guardedWrite({
    ...stepAudit('save'),
    body: (cluster: Cluster) =>
      z.object({ confirm: z.string() }).refine((b) => b.confirm === cluster.facts.admissionDeployment, {
        error: "type the Deployment's name to start the drill",
        path: ['confirm'],
      }),
    run: async ({ cluster, k, actor, now }) => {
      await assertMayDrill(cluster, k, actor);
      const json = await saveForDrill(cluster, now);
      return { json, detail: json.done };
    },
  }),
  'create-saved': guardedWrite({
    ...stepAudit('create-saved'),
    body: z.object({}).strict(),
    run: async ({ cluster, k, now }) => {
      const json = await createSaved(cluster, k, now);
      return { json, detail: json.done };
    },
  }),
} as const;

/**
 * Saving reads only, so the cluster would not refuse it: the credential's rights for the whole drill are asked
 * first, so that a drill is not started that would stop half-way with the registration put back and no one able to
 * delete it.
 */
async function assertMayDrill(cluster: Cluster, k: KubeClients, actor: string): Promise<void> {
  const s = cluster.facts;
  const answers = await accessAnswers(k, [
    {
      verb: 'update',
      group: 'apps',
      resource: 'deployments',
      subresource: 'scale',
      namespace: s.kyvernoNamespace,
      name: s.admissionDeployment,
    },
    { verb: 'create', group: 'admissionregistration.k8s.io', resource: 'mutatingwebhookconfigurations' },
    { verb: 'delete', group: 'admissionregistration.k8s.io', resource: 'mutatingwebhookconfigurations' },
  ]);
  const refused = answers.filter((a) => !a.allowed);
  if (refused.length)
    throw new AppError('forbidden', `${actor} ${refused.map((a) => a.text).join('; ')}: the drill needs all of it, so it was not started`);
}

/** POST /api/break-glass/drill/{save|create-saved}. */
export const POST = route<{ action: string; cluster?: string }>(async (request, params) => {
  const handler = ACTIONS[params.action as keyof typeof ACTIONS];
  if (!handler) throw new AppError('not-found', `No drill action "${params.action}": one of ${Object.keys(ACTIONS).join(', ')}`);
  // the guard resolves the cluster from the same segments
  return handler(request, { params: Promise.resolve(params) });
});
