import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readCachesView } from '@/lib/views/caches';

export const dynamic = 'force-dynamic';

/** The cluster's watch-fed caches: synced, objects held, behind or not (and why), relists, watches lost. */
export const GET = route<{ cluster?: string }>(async (request, params) =>
  Response.json(readCachesView(clusterOf(params), rightsOfAsker(request.headers))),
);
