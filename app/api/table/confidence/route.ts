import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readKeptConfidence } from '@/lib/views/row-confidence';

export const dynamic = 'force-dynamic';

/** How sure each row is, as the latest preview measured it (kept in the history store): what /table and /workloads show. */
export const GET = route(async (request) => Response.json(await readKeptConfidence(rightsOfAsker(request.headers))));
