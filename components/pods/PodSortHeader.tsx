import type { ReactNode } from 'react';
import { Th } from '@/components/ui/Table';
import type { PodSort } from '@/lib/domain';
import { sortHref, type PodListQuery } from './pod-list-query';
import { ClusterAnchor } from '@/components/shell/ClusterName';

/** A column header that sorts the list by its column: a link, so the order is in the URL; aria-sort on the current one. */
export function PodSortHeader({
  sort,
  query,
  className = '',
  title,
  children,
}: {
  sort: PodSort;
  query: PodListQuery;
  className?: string;
  title?: string;
  children: ReactNode;
}) {
  const current = query.order.sort === sort ? query.order.direction : undefined;
  return (
    <Th aria-sort={current} className={className} title={title}>
      <SortLink sort={sort} query={query}>
        {children}
      </SortLink>
    </Th>
  );
}

/**
 * The link that sorts by a column, with the arrow of the current order; `sayOrder` words it for screen readers where
 * no header's aria-sort does.
 */
export function SortLink({
  sort,
  query,
  sayOrder,
  children,
}: {
  sort: PodSort;
  query: PodListQuery;
  sayOrder?: boolean;
  children: ReactNode;
}) {
  const current = query.order.sort === sort ? query.order.direction : undefined;
  // A plain link: a new order is a new page from the server. The app's router, asked for a second /pods with other
  // search parameters soon after the first, changed the URL and kept the old list (Next 16; e2e/browser/pods-list.spec.ts).
  return (
    <ClusterAnchor
      href={sortHref(query, sort)}
      className="font-semibold whitespace-nowrap text-zinc-900 no-underline hover:underline touch:inline-flex touch:min-h-11 touch:items-center"
      data-testid={`sort-${sort}`}
    >
      {children}
      {current && <span aria-hidden="true">{current === 'ascending' ? ' ▲' : ' ▼'}</span>}
      {current && sayOrder && <span className="sr-only"> (the order now, {current})</span>}
    </ClusterAnchor>
  );
}
