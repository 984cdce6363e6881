import { errorResponse } from '@/lib/errors';
import { probeNow } from '@/lib/k8s/probe';
import { assertSameOrigin } from '@/lib/http/origin';

export const dynamic = 'force-dynamic';

/**
 * The runbook's probe: a server-side dry-run pod create with the read credential. A POST, and only from memdash's
 * own pages: it stores nothing, but it goes through admission (and Kyverno's webhook) each time.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    assertSameOrigin(request);
    return Response.json(await probeNow());
  } catch (err) {
    return errorResponse(err);
  }
}
