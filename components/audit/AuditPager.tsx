import { ClusterLink as Link } from '@/components/shell/ClusterName';
import type { AuditLog } from '@/lib/views/audit-types';

const DEFAULT_LIMIT = 200;

/** /audit (a path in the page's cluster) with the page's filter, from the newest record or from `before`. */
function auditHref(filter: AuditLog['filter'], before: number | null): string {
  const search = new URLSearchParams();
  if (filter.action) search.set('action', filter.action);
  if (filter.outcome) search.set('outcome', filter.outcome);
  if (filter.limit !== DEFAULT_LIMIT) search.set('limit', String(filter.limit));
  if (before !== null) search.set('before', String(before));
  const query = search.toString();
  return query ? `/audit?${query}` : '/audit';
}

/** "Newest" back to the first page, "Older" on to the next: the filter stays. */
export function AuditPager({ log }: { log: AuditLog }) {
  if (log.filter.before === null && log.next === null) return null;
  return (
    <nav className="flex gap-4 text-sm" aria-label="Audit pages" data-testid="audit-pager">
      {log.filter.before !== null && <Link href={auditHref(log.filter, null)}>Newest</Link>}
      {log.next !== null && (
        <Link href={auditHref(log.filter, log.next)} data-testid="audit-older">
          Older
        </Link>
      )}
    </nav>
  );
}
