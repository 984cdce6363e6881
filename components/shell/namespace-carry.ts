import { isLabelName } from '@/lib/domain';

// The lists that take ?namespace=: a namespace chosen in one is carried to the others by the header's links.
const NAMESPACE_LISTS: ReadonlySet<string> = new Set(['/pods', '/workloads', '/table']);

/** Whether the page at `path` is a list filtered by ?namespace=. */
export const takesNamespace = (path: string) => NAMESPACE_LISTS.has(path);

/** A header link to `href`, carrying the namespace to the lists that take one (not a name no namespace can have). */
export function carriedHref(href: string, namespace: string): string {
  if (!namespace || !takesNamespace(href) || !isLabelName(namespace)) return href;
  return `${href}?${new URLSearchParams({ namespace })}`;
}
