import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readKeptConfidence } from '@/lib/views/row-confidence';

export const dynamic = 'force-dynamic';

/** How sure each row is, as the latest preview measured it (kept in the history store): what /table and /workloads show. */
export const GET = route<{ cluster?: string }>(async (request, params) =>
  Response.json(await readKeptConfidence(clusterOf(params), rightsOfAsker(request.headers))),
);
