// /table's filter, read from its URL by the page (server) and kept there by the list (browser), and the rows it
// shows: the server orders them too, to put the first window in the page.
import { compareNames, keyParts, parseMemory } from '@/lib/domain';
import type { TableRowSent } from '@/lib/domain';

export const SORTS = ['key', 'size-desc', 'size-asc'] as const;
export type Sort = (typeof SORTS)[number];

/**
 * How many rows the page itself carries: the list's box shows about 17, so this fills it and a first scroll. The
 * rest (thousands at production size) comes from /api/table once the page runs.
 */
export const TABLE_FIRST_WINDOW = 40;

export interface TableFilter {
  search: string;
  namespace: string;
  sort: Sort;
}

/** The table's filter from /table's URL (?q=&namespace=&sort=); anything unknown is no filter. */
export function tableFilterOf(raw: Record<string, string | string[] | undefined>): TableFilter {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
  const sort = SORTS.find((s) => s === first(raw.sort)) ?? 'key';
  return { search: first(raw.q).toLowerCase(), namespace: first(raw.namespace), sort };
}

export interface TableRowView {
  key: string;
  namespace: string;
  workload: string;
  /** Null for a malformed row. */
  bytes: number | null;
  value: string;
  problem: string | null;
}

export function viewOf({ key, value, problem }: TableRowSent): TableRowView {
  const { namespace, workload } = keyParts(key);
  return { key, namespace, workload, value, bytes: problem ? null : parseMemory(value), problem: problem ?? null };
}

/** The rows' namespaces, each once, in order: the namespace filter's choices. */
export function namespacesOf(rows: ReadonlyArray<{ namespace: string }>): string[] {
  return [...new Set(rows.map((r) => r.namespace))].sort(compareNames);
}

/**
 * The rows the filter keeps, in its order: in the namespace, with the search in the key (a space stands for the
 * key's underscore: "shop web" finds shop_web_app); by key, or by size with ties by key (malformed rows smallest).
 */
export function visibleRows(rows: readonly TableRowView[], { search, namespace, sort }: TableFilter): TableRowView[] {
  const needle = search.trim().replace(/\s+/g, '_');
  const kept = rows.filter((r) => (!namespace || r.namespace === namespace) && (!needle || r.key.includes(needle)));
  const size = (r: TableRowView) => r.bytes ?? -1;
  if (sort === 'size-desc') return kept.sort((a, b) => size(b) - size(a) || compareNames(a.key, b.key));
  if (sort === 'size-asc') return kept.sort((a, b) => size(a) - size(b) || compareNames(a.key, b.key));
  return kept.sort((a, b) => compareNames(a.key, b.key));
}

/** What the page carries: the first rows the list shows for the URL's filter, and how many the filter keeps. */
export function firstTableWindow(rows: readonly TableRowView[], filter: TableFilter): { first: TableRowSent[]; matching: number } {
  const shown = visibleRows(rows, filter);
  const sent = ({ key, value, problem }: TableRowView): TableRowSent => (problem ? { key, value, problem } : { key, value });
  return { first: shown.slice(0, TABLE_FIRST_WINDOW).map(sent), matching: shown.length };
}
