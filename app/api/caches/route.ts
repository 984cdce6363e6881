import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readCachesView } from '@/lib/views/caches';

export const dynamic = 'force-dynamic';

/** The server's watch-fed caches: synced, objects held, behind or not (and why), relists, watches lost. */
export const GET = route(async (request) => Response.json(readCachesView(rightsOfAsker(request.headers))));
