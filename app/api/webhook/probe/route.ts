import { route } from '@/lib/http/route';
import { runProbe } from '@/lib/k8s/probe';
import { assertSameOrigin } from '@/lib/same-origin';

export const dynamic = 'force-dynamic';

/**
 * The runbook's probe: a server-side dry-run pod create with the read credential. A POST, and only from memdash's
 * own pages: it stores nothing, but it goes through admission (and Kyverno's webhook) each time.
 */
export const POST = route(async (request) => {
  assertSameOrigin(request);
  return Response.json(await runProbe());
});
