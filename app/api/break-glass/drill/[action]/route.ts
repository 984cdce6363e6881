import { z } from 'zod';
import { settings } from '@/lib/config';
import { AppError, errorResponse } from '@/lib/errors';
import { guardedWrite } from '@/lib/http/write-guard';
import { createSaved, saveForDrill } from '@/lib/views/break-glass-steps';

export const dynamic = 'force-dynamic';

const registration = () => `mutatingwebhookconfiguration/${settings().webhookConfiguration}`;

// The drill's own two actions; its scale-down, delete, probe and scale-up are the break-glass's steps.
const ACTIONS = {
  // Starting the drill is typed out on the page; the server checks the same words so a script cannot skip them.
  save: guardedWrite({
    action: 'drill.save', target: registration,
    body: z.object({ confirm: z.string() }).refine((b) => b.confirm === settings().admissionDeployment, { error: 'type the Deployment\'s name to start the drill', path: ['confirm'] }),
    run: async ({ now }) => { const json = await saveForDrill(now); return { json, detail: json.done }; },
  }),
  'create-saved': guardedWrite({
    action: 'drill.create-saved', body: z.object({}).strict(), target: registration,
    run: async ({ k, now }) => { const json = await createSaved(k, now); return { json, detail: json.done }; },
  }),
} as const;

/** POST /api/break-glass/drill/{save|create-saved}. */
export async function POST(request: Request, { params }: { params: Promise<{ action: string }> }): Promise<Response> {
  const { action } = await params;
  const handler = ACTIONS[action as keyof typeof ACTIONS];
  if (!handler) return errorResponse(new AppError('not-found', `No drill action "${action}": one of ${Object.keys(ACTIONS).join(', ')}`));
  return handler(request);
}
