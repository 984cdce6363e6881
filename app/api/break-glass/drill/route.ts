import { route } from '@/lib/http/route';
import { readDrill } from '@/lib/views/break-glass';

export const dynamic = 'force-dynamic';

/** The drill's steps and checks, from the cluster and the history store. */
export const GET = route(async () => Response.json(await readDrill()));
