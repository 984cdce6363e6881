import { route } from '@/lib/http/route';
import { readCachesView } from '@/lib/views/caches';

export const dynamic = 'force-dynamic';

/** The server's watch-fed caches: synced, objects held, behind or not (and why), relists, watches lost. */
export const GET = route(async () => Response.json(readCachesView()));
