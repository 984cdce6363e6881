import { clusterOf } from '@/lib/http/cluster';
import { assertSameOrigin } from '@/lib/http/origin';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { pageProbe } from '@/lib/views/break-glass-steps';

export const dynamic = 'force-dynamic';

/**
 * The runbook's probe: a server-side dry-run pod create with the read credential. A POST, and only from memdash's
 * own pages: it creates nothing, but it goes through admission (and Kyverno's webhook) each time, so it is limited
 * to one at a time and one per MEMDASH_PROBE_MIN_INTERVAL_MS. It stores its outcome when it changed, and while an
 * incident waits for Kyverno to be back it is recorded as the probe step's is: admitted through the registration,
 * it ends the incident.
 */
export const POST = route<{ cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  assertSameOrigin(request);
  rightsOfAsker(request.headers); // for everyone signed in: it goes through admission each time
  return Response.json(await pageProbe(cluster));
});
