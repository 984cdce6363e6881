// The orders of /workloads (?sort=), read by the page on the server and by the list in the browser.
export const WORKLOAD_SORTS = ['name', 'change', 'pods', 'stale', 'drifted'] as const;
export type WorkloadSort = (typeof WORKLOAD_SORTS)[number];

/** The sort a URL asks for; an unknown one is no error, just the plain order. */
export function workloadSort(asked: unknown): WorkloadSort {
  return WORKLOAD_SORTS.find((s) => s === asked) ?? 'name';
}
