import 'server-only';
import type { HistoryDb } from './db';
import { storedTime } from './store';

// Audit records of memdash's writes to the cluster (the planned writes: run the snapshot, break-glass, …). A record
// names who, what, which target, the outcome and when; never a credential, which is why there is no free-form
// request field.

export interface AuditRecord {
  at: string;
  /** Who wrote, as the cluster's SelfSubjectReview named them. */
  actor: string;
  action: string;
  target: string;
  outcome: 'success' | 'failure' | 'refused';
  /** The cluster's answer or the error, one line. */
  detail: string | null;
}

export async function recordAudit(db: HistoryDb, record: AuditRecord): Promise<number> {
  const row = await db
    .insertInto('audit_records')
    .values({ ...record, at: storedTime(record.at), detail: record.detail?.slice(0, 2000) ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest records first. */
export async function listAudit(db: HistoryDb, limit = 200): Promise<AuditRecord[]> {
  const rows = await db.selectFrom('audit_records').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(({ at, actor, action, target, outcome, detail }) => ({ at, actor, action, target, outcome: outcome as AuditRecord['outcome'], detail }));
}
