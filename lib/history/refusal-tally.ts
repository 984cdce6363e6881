import 'server-only';
import { sql } from 'kysely';
import type { HistoryDb, HistoryKysely } from './db';
import type { AuditRefusalsTable } from './schema';
import { storedTime } from './store';

// Refusals before a credential come as fast as anyone sends them, each answered at once. Counting each with its own
// store write puts a synchronous SQLite write per request on the event loop, so a burst of them delays every other
// answer (/healthz among them). They are tallied in memory per action, reason and hour and written together once
// per window: a burst costs one write per row it touches, however many requests it holds.

/** A write refused before any credential was read: what it asked for, why it was refused (an error code), when. */
export interface Refusal {
  action: string;
  reason: string;
  at: string;
}

/** A row of audit_refusals as it will be written. */
type Row = Omit<AuditRefusalsTable, 'id'>;

interface Tally {
  rows: Map<string, Row>;
  /** Settles when the rows are written. */
  stored: Promise<void>;
  settle: { resolve: () => void; reject: (err: unknown) => void };
  timer: NodeJS.Timeout;
}

/** How long refusals gather before they are written together. */
const WINDOW_MS = 100;

// per store, not per cluster: the counts are the server's (see audit.ts), so any cluster's store writes them
const tallies = new WeakMap<HistoryKysely, Tally>();
/** The window whose rows are being written: taken out of `tallies` when its write starts, not yet stored. */
const writing = new WeakMap<HistoryKysely, Promise<void>>();

/** Counts one refusal; the promise settles when its window has been written (the answer need not wait for it). */
export function countRefusal(db: HistoryDb, refusal: Refusal): Promise<void> {
  const tally = tallies.get(db.kysely) ?? openTally(db.kysely);
  add(tally.rows, refusal);
  return tally.stored;
}

/** Writes what is tallied now, so a read that follows sees every refusal counted before it. */
export async function storeTallied({ kysely }: HistoryDb): Promise<void> {
  // a window whose timer has started its write is no longer tallied, and its rows are not stored yet
  const earlier = writing.get(kysely);
  const tally = tallies.get(kysely);
  if (tally) await storeNow(kysely, tally);
  await earlier?.catch(() => {}); // its failure is its caller's, already said
}

function openTally(db: HistoryKysely): Tally {
  let settle: Tally['settle'] = { resolve: () => {}, reject: () => {} };
  const stored = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // a caller that does not wait must not see an unhandled rejection; those who wait still get it
  stored.catch(() => {});
  const tally: Tally = { rows: new Map(), stored, settle, timer: setTimeout(() => storeNow(db, tally).catch(() => {}), WINDOW_MS) };
  tally.timer.unref();
  tallies.set(db, tally);
  return tally;
}

async function storeNow(db: HistoryKysely, tally: Tally): Promise<void> {
  if (tallies.get(db) === tally) {
    tallies.delete(db);
    clearTimeout(tally.timer);
    writing.set(db, tally.stored);
    await writeRows(db, [...tally.rows.values()]).then(tally.settle.resolve, tally.settle.reject);
    if (writing.get(db) === tally.stored) writing.delete(db);
  }
  return tally.stored;
}

function add(rows: Map<string, Row>, refusal: Refusal): void {
  const at = storedTime(refusal.at);
  const hour = `${at.slice(0, 13)}:00:00.000Z`;
  const key = JSON.stringify([refusal.action, refusal.reason, hour]);
  const row = rows.get(key);
  if (!row) rows.set(key, { action: refusal.action, reason: refusal.reason, hour, count: 1, first_at: at, last_at: at });
  else {
    row.count += 1;
    if (at < row.first_at) row.first_at = at;
    if (at > row.last_at) row.last_at = at;
  }
}

// Two replicas may count in either order: a row keeps the earliest first and the latest last time.
async function writeRows(db: HistoryKysely, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('audit_refusals')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['action', 'reason', 'hour']).doUpdateSet({
        count: sql`audit_refusals.count + excluded.count`,
        first_at: sql`case when excluded.first_at < audit_refusals.first_at then excluded.first_at else audit_refusals.first_at end`,
        last_at: sql`case when excluded.last_at > audit_refusals.last_at then excluded.last_at else audit_refusals.last_at end`,
      }),
    )
    .execute();
}
