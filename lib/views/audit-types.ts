// The JSON contract of GET /api/audit and the /audit page. A record is the history store's own shape (a type-only
// import: nothing of the store reaches the browser).
import type { RefusalCount, StoredAuditRecord } from '@/lib/history/audit';

export type AuditEntry = StoredAuditRecord;

/** Writes refused before a credential was read: counted, not recorded one by one. */
export interface AuditRefusals {
  total: number;
  /** When the first of them came; null when there is none. */
  since: string | null;
  /** Per action and reason (an error code: unauthorized is "no credential"), the most frequent first. */
  byAction: RefusalCount[];
}

export interface AuditLog {
  /** One page of records, newest first. */
  records: AuditEntry[];
  /** The next page's cursor (?before=<next>), or null when this page holds the oldest record. */
  next: number | null;
  /** Null when the filter names another outcome than refused. */
  refusals: AuditRefusals | null;
  /** Every action recorded or counted, for the filter. */
  actions: string[];
  filter: { action: string | null; outcome: AuditEntry['outcome'] | null; before: number | null; limit: number };
}
