// The JSON contract of GET /api/audit and the /audit page. A record is the history store's own shape (a type-only
// import: nothing of the store reaches the browser).
import type { AuditRecord } from '@/lib/history/audit';

export type AuditEntry = AuditRecord;

export interface AuditLog {
  records: AuditEntry[];
  /** Every action recorded, for the filter. */
  actions: string[];
  filter: { action: string | null; outcome: AuditEntry['outcome'] | null };
}
