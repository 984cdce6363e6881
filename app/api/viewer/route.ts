import type { SignedIn } from '@/lib/access-types';
import { route } from '@/lib/http/route';
import { personOfAsker, rightsOfAsker } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/**
 * Who is signed in and whether they read a part of the cluster, for the header of every page. Made for one person:
 * never a shared answer (it is not in lib/server/collapse-rules.ts), and not kept by a browser's cache.
 */
export const GET = route(async (request) => {
  const rights = rightsOfAsker(request.headers);
  const answer: SignedIn = { person: personOfAsker(request.headers), namespaces: rights.pods };
  return Response.json(answer, { headers: { 'cache-control': 'private, no-store' } });
});
