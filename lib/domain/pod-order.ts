import { compareNames } from './names';
import type { VerdictCode } from './verdict-codes';

// The orders of /pods (?sort=&direction=): its columns. The request and the verdict orders need every matching pod
// judged, as the verdict filter does; the others order the pods first and judge only the page shown.
export const POD_SORTS = ['namespace', 'name', 'workload', 'request', 'verdict', 'created'] as const;
export type PodSort = (typeof POD_SORTS)[number];
export type SortDirection = 'ascending' | 'descending';

/** The orders that need each pod's containers judged before the page can be cut. */
export const SORTS_BY_CONTAINER: ReadonlySet<PodSort> = new Set<PodSort>(['request', 'verdict']);

/**
 * The direction a column sorts in at the first click: names A→Z, the largest request, the most serious verdict and
 * the newest pod first.
 */
export const POD_SORT_DIRECTION: Record<PodSort, SortDirection> = {
  namespace: 'ascending',
  name: 'ascending',
  workload: 'ascending',
  request: 'descending',
  verdict: 'descending',
  created: 'descending',
};

export interface PodOrder {
  sort: PodSort;
  direction: SortDirection;
}

/** The plain order: by namespace, then name, as `kubectl get pods -A` lists them. */
export const PLAIN_POD_ORDER: PodOrder = { sort: 'namespace', direction: 'ascending' };

/** The order a URL asks for (`asc`/`desc`, the column's own direction when absent); an unknown one is the plain order. */
export function podOrder(sort: unknown, direction?: unknown): PodOrder {
  const known = POD_SORTS.find((s) => s === sort);
  if (!known) return PLAIN_POD_ORDER;
  const asked = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined;
  return { sort: known, direction: asked ?? POD_SORT_DIRECTION[known] };
}

/** The order a column's header asks for when clicked: its own direction, or the other one when it is the current order. */
export function nextPodOrder(current: PodOrder, sort: PodSort): PodOrder {
  if (current.sort !== sort) return { sort, direction: POD_SORT_DIRECTION[sort] };
  return { sort, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

/** The order's URL parameters: none for the plain order, no direction when it is the column's own. */
export function podOrderParams({ sort, direction }: PodOrder): { sort?: string; direction?: string } {
  if (sort === PLAIN_POD_ORDER.sort && direction === PLAIN_POD_ORDER.direction) return {};
  return direction === POD_SORT_DIRECTION[sort] ? { sort } : { sort, direction: direction === 'ascending' ? 'asc' : 'desc' };
}

// The verdicts from the most serious: Kyverno should have acted and did not, then acted with a twist, then never
// acted by design, then did its job.
const VERDICT_SERIOUSNESS: readonly VerdictCode[] = [
  'set',
  'skipped-namespace',
  'skipped-label',
  'no-workload',
  'no-row',
  'capped',
  'stale',
  'no-table',
  'registration-absent',
  'unexplained',
];

interface OrderedContainer {
  init: boolean;
  request: number | null;
  verdict: VerdictCode;
}

/** What a pod is ordered by; `containers` only for the request and verdict orders. */
export interface Ordered {
  namespace: string;
  name: string;
  createdAt: string | null;
  workload: { name: string } | null;
  containers?: readonly OrderedContainer[];
}

/**
 * The pod's memory request as the scheduler counts it: its containers' sum, or its largest init container's when
 * that is larger (they run one at a time, before the others). Null when no container asks for memory.
 */
export function podRequest(containers: readonly OrderedContainer[]): number | null {
  if (containers.every((c) => c.request === null)) return null;
  const sum = containers.filter((c) => !c.init).reduce((total, c) => total + (c.request ?? 0), 0);
  return Math.max(sum, ...containers.filter((c) => c.init).map((c) => c.request ?? 0));
}

/** The pod's most serious verdict, as a rank (higher is more serious); null for a pod without containers. */
function seriousness(containers: readonly OrderedContainer[]): number | null {
  if (containers.length === 0) return null;
  return Math.max(...containers.map((c) => VERDICT_SERIOUSNESS.indexOf(c.verdict)));
}

type Key = string | number | null;

const KEYS: Record<PodSort, (p: Ordered) => Key> = {
  namespace: (p) => p.namespace,
  name: (p) => p.name,
  workload: (p) => p.workload?.name ?? null,
  request: (p) => podRequest(p.containers ?? []),
  verdict: (p) => seriousness(p.containers ?? []),
  created: (p) => p.createdAt,
};

/**
 * A new array of the pods in the asked order, ties by namespace and name (A→Z in either direction), a pod without the
 * key (no workload, no request) last; the given one is left as it was.
 */
export function sortPods<P>(pods: readonly P[], order: PodOrder, of: (p: P) => Ordered): P[] {
  const key = KEYS[order.sort];
  const sign = order.direction === 'ascending' ? 1 : -1;
  const byKey = (a: Key, b: Key) => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return sign * (typeof a === 'number' && typeof b === 'number' ? a - b : compareNames(String(a), String(b)));
  };
  const byName = (a: Ordered, b: Ordered) => compareNames(a.namespace, b.namespace) || compareNames(a.name, b.name);
  // the keys once per pod, not once per comparison
  const keyed = pods.map((pod) => {
    const ordered = of(pod);
    return { pod, ordered, key: key(ordered) };
  });
  keyed.sort((a, b) => byKey(a.key, b.key) || byName(a.ordered, b.ordered));
  return keyed.map((k) => k.pod);
}
