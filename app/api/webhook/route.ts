import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readWebhookHealth } from '@/lib/views/webhook-health';

export const dynamic = 'force-dynamic';

/** Everything the webhook page shows: the state, and each panel's read (which may fail on its own). */
export const GET = route(async (request) => Response.json(await readWebhookHealth(rightsOfAsker(request.headers))));
