// Liveness: the process serves requests. It asks nothing of the cluster, so a dead API server never restarts memdash.
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json({ alive: true });
}
