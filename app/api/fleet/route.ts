import { clusters } from '@/lib/cluster/registry';
import { route } from '@/lib/http/route';
import { rightsByClusterOfAsker } from '@/lib/http/viewer';
import { readFleet } from '@/lib/views/fleet';

export const dynamic = 'force-dynamic';

/** Every cluster the asker sees, a row each, worst first (lib/views/fleet.ts); what the fleet page polls. */
export const GET = route(async (request) => {
  const every = clusters().all;
  const rights = rightsByClusterOfAsker(
    request.headers,
    every.map((c) => c.name),
  );
  return Response.json(await readFleet(every, rights));
});
