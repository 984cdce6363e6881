import { compareNames } from '@/lib/domain';

// The orders, the search and the namespace of /workloads (?sort=&q=&namespace=), read by the page on the server and
// kept by the list in the browser.
export const WORKLOAD_SORTS = ['name', 'change', 'pods', 'stale', 'drifted', 'oomKills', 'evictions'] as const;
export type WorkloadSort = (typeof WORKLOAD_SORTS)[number];

/** How many workloads the list shows at first, and how many more each "Show more" adds. */
export const WORKLOADS_SHOWN = 100;

export interface WorkloadListFilter {
  search: string;
  sort: WorkloadSort;
  /** One namespace only; empty or absent for all of them. */
  namespace?: string;
}

interface Listed {
  namespace: string;
  workload: string;
  pods: number;
  stale: number;
  drifted: number;
  /** Null when unknown: sorted as none. */
  oomKills?: number | null;
  evictions?: number | null;
}

/** The sort a URL asks for; an unknown one is no error, just the plain order. */
export function workloadSort(asked: unknown): WorkloadSort {
  return WORKLOAD_SORTS.find((s) => s === asked) ?? 'name';
}

/** The list's filter from /workloads' URL; anything unknown is no filter. */
export function workloadFilterOf(raw: Record<string, string | string[] | undefined>): WorkloadListFilter {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
  return { search: first(raw.q), sort: workloadSort(first(raw.sort)), namespace: first(raw.namespace) };
}

/** The list's path in its cluster for a filter: what a person pastes to show the same list. */
export function workloadListHref({ search, sort, namespace }: WorkloadListFilter): string {
  const params = new URLSearchParams();
  if (namespace) params.set('namespace', namespace);
  if (search.trim()) params.set('q', search.trim());
  if (sort !== 'name') params.set('sort', sort);
  const query = params.toString();
  return query ? `/workloads?${query}` : '/workloads';
}

/**
 * The workloads in the namespace (when one is asked) whose "namespace/name" holds every word of the search ("shop
 * web" finds shop/web-api), in the asked order: by name, or largest first by the number asked (`change`: the row's
 * largest change to the p90 now), ties by name.
 */
export function visibleWorkloads<W extends Listed>(
  workloads: W[],
  { search, sort, namespace }: WorkloadListFilter,
  change: (w: W) => number,
): W[] {
  const words = search
    .toLowerCase()
    .split(/[\s/]+/)
    .filter(Boolean);
  const kept = workloads.filter(
    (w) => (!namespace || w.namespace === namespace) && words.every((word) => `${w.namespace}/${w.workload}`.includes(word)),
  );
  const name = (w: W) => `${w.namespace}/${w.workload}`;
  if (sort === 'name') return kept.sort((a, b) => compareNames(name(a), name(b)));
  const key = sort === 'change' ? change : (w: W) => w[sort] ?? 0;
  return kept.sort((a, b) => key(b) - key(a) || compareNames(name(a), name(b)));
}

/**
 * What the server puts in the page: the first workloads the list would show, in the URL's search and order, and how
 * many match. The change to the p90 now is known only in the browser: until it is, that order is by name.
 */
export function firstWindow<W extends Listed>(workloads: W[], filter: WorkloadListFilter): { first: W[]; matching: number } {
  const listed = visibleWorkloads([...workloads], filter, () => 0);
  return { first: listed.slice(0, WORKLOADS_SHOWN), matching: listed.length };
}
