import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readDrill } from '@/lib/views/break-glass';

export const dynamic = 'force-dynamic';

/** The drill's steps and checks, from the cluster and the history store. */
export const GET = route(async (request) => Response.json(await readDrill(rightsOfAsker(request.headers))));
