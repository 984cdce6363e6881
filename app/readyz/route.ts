import { route } from '@/lib/http/route';
import { readiness } from '@/lib/k8s/health';

// Readiness: the API server answers memdash's read credential.
export const dynamic = 'force-dynamic';

export const GET = route(async () => Response.json(await readiness()));
