import { route } from '@/lib/http/route';

// Liveness: the process serves requests. It asks nothing of the cluster, so a dead API server never restarts memdash.
export const dynamic = 'force-dynamic';

export const GET = route(() => Response.json({ alive: true }));
