import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readWebhookHealth } from '@/lib/views/webhook-health';

export const dynamic = 'force-dynamic';

/** Everything the webhook page shows: the state, and each panel's read (which may fail on its own). */
export const GET = route<{ cluster?: string }>(async (request, params) =>
  Response.json(await readWebhookHealth(clusterOf(params), rightsOfAsker(request.headers))),
);
