import { clusters } from '@/lib/cluster/registry';
import { parsePodSearch, searchOf } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { rightsByClusterOfAsker } from '@/lib/http/viewer';
import { searchEveryCluster } from '@/lib/views/search';

export const dynamic = 'force-dynamic';

/**
 * The Ctrl/Cmd-K jump's search in every cluster the asker may read: ?namespace=&name=&limit= (the limit per cluster),
 * each pod naming its cluster, each cluster that could not be searched named with why (SearchAnswer).
 */
export const GET = route(async (request) => {
  const every = clusters().all;
  const search = parsePodSearch(searchOf(request), 20);
  return Response.json(
    await searchEveryCluster(
      every,
      search,
      rightsByClusterOfAsker(
        request.headers,
        every.map((c) => c.name),
      ),
      { signal: request.signal },
    ),
  );
});
