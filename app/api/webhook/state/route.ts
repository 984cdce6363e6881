import { route } from '@/lib/http/route';
import { readWebhookState } from '@/lib/views/webhook-health';
import type { WebhookStateRead } from '@/lib/views/webhook-health-types';

export const dynamic = 'force-dynamic';

/** Only the webhook's state (two cache-fed reads), for the header every page shows. */
export const GET = route(async () =>
  Response.json({ readAt: new Date().toISOString(), state: await readWebhookState() } satisfies WebhookStateRead),
);
