import 'server-only';
import { foldedDetail, RepeatFolds } from '@/lib/domain/audit-folds';
import type { HistoryDb } from './db';
import { storeTallied } from './refusal-tally';
import { storedTime } from './store';

// Audit records of memdash's writes to the cluster (the planned writes: run the snapshot, break-glass, …). A record
// names who, what, which target, the outcome and when; never a credential, which is why there is no free-form
// request field. A write refused before any credential was read leaves no record but a count (refusal-tally.ts): anyone
// can send those, as fast as they like. A record is of one cluster (the one written to) and read with its cluster's
// store; the refusals' counts are the server's, of every cluster (counted before a request named one).

/** Where a write's credential came from: pasted with the request, or the signed-in person's session. */
export type AuditCredential = 'pasted' | 'session';

export interface AuditRecord {
  at: string;
  /** The cluster written to; absent on a record from before memdash read several clusters, or refused before one was named. */
  cluster?: string;
  /** Who wrote, as the cluster's SelfSubjectReview named them. */
  actor: string;
  /** Who was signed in to memdash when they wrote (sign-in's person); null without sign-in. */
  signedIn?: string | null;
  /** Which credential wrote: the one pasted, or the signed-in person's own ID token; absent when none was used. */
  credential?: AuditCredential | null;
  action: string;
  target: string;
  outcome: 'success' | 'failure' | 'refused';
  /** The cluster's answer or the error, one line. */
  detail: string | null;
}

/** A record as stored: its id is the audit log's page cursor. */
export interface StoredAuditRecord extends AuditRecord {
  id: number;
}

/** Stores a record under its own cluster (the write guard names it), else under `db`'s. */
export async function recordAudit(db: HistoryDb, record: AuditRecord): Promise<number> {
  const row = await db.kysely
    .insertInto('audit_records')
    .values({
      cluster: record.cluster ?? db.cluster,
      at: storedTime(record.at),
      actor: record.actor,
      action: record.action,
      target: record.target,
      outcome: record.outcome,
      detail: record.detail?.slice(0, 2000) ?? null,
      signed_in: record.signedIn ?? null,
      credential: record.credential ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The minute's first record of one client's refusals, and its repeats' count as last noted. */
interface FoldedRecord {
  id: Promise<number>;
  latest: { count: number; firstAt: number; lastAt: number };
  /** The updates of its detail, one after another, so the last one written says the latest count. */
  written: Promise<unknown>;
}

const folds = new WeakMap<HistoryDb, RepeatFolds<FoldedRecord>>();

/**
 * A write refused because the cluster did not take its credential (401): anyone can send one with any bearer, so one
 * client's repeats of one action within a minute fold into the minute's first record, which says how many there were.
 */
export async function recordRefusedCredential(db: HistoryDb, client: string, record: AuditRecord): Promise<void> {
  const mine = folds.get(db) ?? folds.set(db, new RepeatFolds()).get(db)!;
  const at = Date.parse(record.at);
  const fold = mine.note(JSON.stringify([client, record.action]), at, () => ({
    id: recordAudit(db, record),
    latest: { count: 1, firstAt: at, lastAt: at },
    written: Promise.resolve(),
  }));
  const folded = fold.into;
  if (fold.first) return void (await folded.id);
  if (fold.count > folded.latest.count) folded.latest = { count: fold.count, firstAt: fold.firstAt, lastAt: fold.lastAt };
  const write = folded.written.then(async () => {
    const { count, firstAt, lastAt } = folded.latest;
    const detail = foldedDetail(record.detail, count, firstAt, lastAt).slice(0, 2000);
    await db.kysely
      .updateTable('audit_records')
      .set({ detail })
      .where('id', '=', await folded.id)
      .execute();
  });
  folded.written = write.catch(() => {}); // its failure is this request's, said by its caller
  await write;
}

/** Where a page of the log starts: the records older than this one, in the log's order. */
export interface AuditCursor {
  id: number;
  at: string;
}

export interface AuditFilter {
  action?: string;
  outcome?: AuditRecord['outcome'];
  before?: AuditCursor;
}

/** The cursor of record `id`, or null when there is no such record. */
export async function auditCursor(db: HistoryDb, id: number): Promise<AuditCursor | null> {
  const row = await db.kysely
    .selectFrom('audit_records')
    .select(['id', 'at'])
    .where('cluster', '=', db.cluster)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The newest records first (by time, then id, so records of the same millisecond keep one order), only those of one
 * action and/or outcome when the filter names them, only those after `before` in that order when it is given.
 */
export async function listAudit(db: HistoryDb, limit = 200, filter: AuditFilter = {}): Promise<StoredAuditRecord[]> {
  let query = db.kysely.selectFrom('audit_records').selectAll().where('cluster', '=', db.cluster);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.outcome) query = query.where('outcome', '=', filter.outcome);
  const before = filter.before;
  if (before) query = query.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]));
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(({ id, at, cluster, actor, action, target, outcome, detail, signed_in, credential }) => ({
    id,
    at,
    cluster,
    actor,
    action,
    target,
    outcome: outcome as AuditRecord['outcome'],
    detail,
    ...(signed_in ? { signedIn: signed_in } : {}),
    ...(credential === 'pasted' || credential === 'session' ? { credential } : {}),
  }));
}

/** Every action that has a record or a counted refusal, for the filter's choices. */
export async function auditActions(db: HistoryDb): Promise<string[]> {
  await storeTallied(db);
  const rows = await db.kysely
    .selectFrom('audit_records')
    .select('action')
    .where('cluster', '=', db.cluster)
    .union(db.kysely.selectFrom('audit_refusals').select('action'))
    .orderBy('action')
    .execute();
  return rows.map((r) => r.action);
}

/** How many refusals of one action for one reason, and when the first and the last came. */
export interface RefusalCount {
  action: string;
  reason: string;
  count: number;
  firstAt: string;
  lastAt: string;
}

/** The refusals counted, per action and reason (one action's only when named), the most frequent first. */
export async function refusalCounts(db: HistoryDb, filter: { action?: string } = {}): Promise<RefusalCount[]> {
  await storeTallied(db);
  let query = db.kysely
    .selectFrom('audit_refusals')
    .select((eb) => [
      'action',
      'reason',
      eb.fn.sum<number | string>('count').as('count'),
      eb.fn.min('first_at').as('firstAt'),
      eb.fn.max('last_at').as('lastAt'),
    ])
    .groupBy(['action', 'reason']);
  if (filter.action) query = query.where('action', '=', filter.action);
  const rows = await query.execute();
  // PostgreSQL sums an integer column as a bigint, which its driver hands over as text
  return rows
    .map((r) => ({ ...r, count: Number(r.count) }))
    .sort((a, b) => b.count - a.count || a.action.localeCompare(b.action) || a.reason.localeCompare(b.reason));
}
