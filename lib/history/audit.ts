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

export interface AuditFilter {
  action?: string;
  outcome?: AuditRecord['outcome'];
}

/** The newest records first, only those of one action and/or outcome when the filter names them. */
export async function listAudit(db: HistoryDb, limit = 200, filter: AuditFilter = {}): Promise<AuditRecord[]> {
  let query = db.selectFrom('audit_records').selectAll();
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.outcome) query = query.where('outcome', '=', filter.outcome);
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(({ at, actor, action, target, outcome, detail }) => ({
    at,
    actor,
    action,
    target,
    outcome: outcome as AuditRecord['outcome'],
    detail,
  }));
}

/** Every action that has a record, for the filter's choices. */
export async function auditActions(db: HistoryDb): Promise<string[]> {
  const rows = await db.selectFrom('audit_records').select('action').distinct().orderBy('action').execute();
  return rows.map((r) => r.action);
}
