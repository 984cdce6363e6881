// /table's filter, read from its URL by the page (server) and kept there by the list (browser).
export const SORTS = ['key', 'size-desc', 'size-asc'] as const;
export type Sort = (typeof SORTS)[number];

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
