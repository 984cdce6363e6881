import { route } from '@/lib/http/route';
import { readLifecycle } from '@/lib/views/lifecycle';

export const dynamic = 'force-dynamic';

/** The runbook's upgrade check and what a removal leaves, from the cluster (for scripts too). */
export const GET = route(async () => Response.json(await readLifecycle()));
