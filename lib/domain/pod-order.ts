import { compareNames } from './names';

// The orders of /pods (?sort=): the columns a pod's summary holds. A verdict order would need every pod of the
// cluster judged for one page of 50, so the verdict is a filter, not an order.
export const POD_SORTS = ['name', 'workload', 'phase', 'created'] as const;
export type PodSort = (typeof POD_SORTS)[number];

/** The order a column is sorted in: names and phases A→Z, the creation time newest first. */
export const POD_SORT_DIRECTION: Record<PodSort, 'ascending' | 'descending'> = {
  name: 'ascending',
  workload: 'ascending',
  phase: 'ascending',
  created: 'descending',
};

/** The sort a URL asks for; an unknown one is no error, just the plain order. */
export function podSort(asked: unknown): PodSort {
  return POD_SORTS.find((s) => s === asked) ?? 'name';
}

interface Ordered {
  namespace: string;
  name: string;
  phase: string;
  createdAt: string | null;
  workload: { name: string } | null;
}

/** A new array of the pods in the asked order, ties by namespace and name; the given one is left as it was. */
export function sortPods<P extends Ordered>(pods: readonly P[], sort: PodSort): P[] {
  const byName = (a: P, b: P) => compareNames(a.namespace, b.namespace) || compareNames(a.name, b.name);
  const first: Record<PodSort, (a: P, b: P) => number> = {
    name: () => 0,
    workload: (a, b) => compareNames(a.namespace, b.namespace) || compareNames(a.workload?.name ?? '', b.workload?.name ?? ''),
    phase: (a, b) => compareNames(a.phase, b.phase),
    // a pod without a creation time (never in a real cluster) goes last
    created: (a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
  };
  return [...pods].sort((a, b) => first[sort](a, b) || byName(a, b));
}
