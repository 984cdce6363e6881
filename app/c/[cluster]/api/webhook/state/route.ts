import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readOpenIncident } from '@/lib/views/incidents';
import { attempt } from '@/lib/views/part';
import { readWebhookState } from '@/lib/views/webhook-health';
import type { WebhookStateRead } from '@/lib/views/webhook-health-types';

export const dynamic = 'force-dynamic';

/** Only the webhook's state (two cache-fed reads) and whether an incident is open, for the header every page shows. */
export const GET = route<{ cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  rightsOfAsker(request.headers); // for everyone signed in (docs/sign-in.md)
  const [state, open] = await Promise.all([readWebhookState(cluster), attempt(() => readOpenIncident(cluster))]);
  return Response.json({ readAt: new Date().toISOString(), state, openIncident: open.ok ? open.value : null } satisfies WebhookStateRead);
});
