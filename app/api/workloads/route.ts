import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readWorkloads } from '@/lib/views/workloads';

export const dynamic = 'force-dynamic';

/** Every workload the table has rows for, with its pods' counts: what /workloads searches and sorts in the browser. */
export const GET = route(async (request) => Response.json(await readWorkloads(rightsOfAsker(request.headers))));
