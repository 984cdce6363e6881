import { route } from '@/lib/http/route';
import { readWorkloads } from '@/lib/views/workloads';

export const dynamic = 'force-dynamic';

/** Every workload the table has rows for, with its pods' counts: what /workloads searches and sorts in the browser. */
export const GET = route(async () => Response.json(await readWorkloads()));
