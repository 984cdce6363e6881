import { assertSameOrigin } from '@/lib/http/origin';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { probeNow } from '@/lib/k8s/probe';
import { noteProbeOutcome } from '@/lib/views/incidents';

export const dynamic = 'force-dynamic';

/**
 * The runbook's probe: a server-side dry-run pod create with the read credential. A POST, and only from memdash's
 * own pages: it stores nothing, but it goes through admission (and Kyverno's webhook) each time, so it is limited
 * to one at a time and one per MEMDASH_PROBE_MIN_INTERVAL_MS.
 */
export const POST = route(async (request) => {
  assertSameOrigin(request);
  rightsOfAsker(request.headers); // for everyone signed in: it goes through admission each time
  const answer = await probeNow();
  await noteProbeOutcome(answer);
  return Response.json(answer);
});
