import { errorResponse } from '@/lib/http/errors';
import { readWebhookHealth } from '@/lib/views/webhook-health';

export const dynamic = 'force-dynamic';

/** Everything the webhook page shows: the state, and each panel's read (which may fail on its own). */
export async function GET(): Promise<Response> {
  try {
    return Response.json(await readWebhookHealth());
  } catch (err) {
    return errorResponse(err);
  }
}
