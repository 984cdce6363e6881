import { nextPodOrder, podOrderParams, type PodOrder, type PodSort } from '@/lib/domain';
import { podsPath } from '@/lib/routes';

/** What /pods was asked for: its filters, its order, and how many pods when the URL said so. */
export interface PodListQuery {
  namespace?: string;
  name?: string;
  verdict?: string;
  limit?: number;
  order: PodOrder;
}

/** The list's path in its cluster in another order, its filters kept. */
export function orderedHref({ order: _current, limit, ...filter }: PodListQuery, next: PodOrder): string {
  return podsPath({ ...filter, ...podOrderParams(next) }, limit);
}

/** Where a column's header (or a phone's sort link) leads: its order, or the current one turned around. */
export function sortHref(query: PodListQuery, sort: PodSort): string {
  return orderedHref(query, nextPodOrder(query.order, sort));
}
