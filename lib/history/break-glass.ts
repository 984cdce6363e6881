import 'server-only';
import type { BreakGlassRecord, ProbeOutcome } from '@/lib/domain';
import type { Selectable } from 'kysely';
import type { HistoryDb } from './db';
import type { BreakGlassRecordsTable } from './schema';
import { storedTime } from './store';

// The break-glass's and the drill's records: what a reload or another tab resumes from.

export async function recordBreakGlass(db: HistoryDb, r: BreakGlassRecord, saved: object | null = null): Promise<void> {
  await db.kysely
    .insertInto('break_glass_records')
    .values({
      cluster: db.cluster,
      at: storedTime(r.at),
      action: r.action,
      replicas: r.replicas,
      registrations: JSON.stringify(r.registrations),
      probe: r.probe,
      registration_present: r.registrationPresent === null ? null : r.registrationPresent ? 1 : 0,
      saved: saved ? JSON.stringify(saved) : null,
    })
    .execute();
}

/** Records since `since` (the last day by default: one incident's worth), oldest first. */
export async function listBreakGlass(db: HistoryDb, since: Date): Promise<BreakGlassRecord[]> {
  return (await listBreakGlassWithIds(db, since)).map(({ id: _id, ...record }) => record);
}

/** The same records, each with its id (an incident is named by the record that opened it). */
export async function listBreakGlassWithIds(db: HistoryDb, since: Date): Promise<Array<BreakGlassRecord & { id: number }>> {
  const rows = await db.kysely
    .selectFrom('break_glass_records')
    .selectAll()
    .where('cluster', '=', db.cluster)
    .where('at', '>=', storedTime(since))
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, ...recordOf(row) }));
}

/** A stored row as the domain's record. */
export function recordOf(row: Selectable<BreakGlassRecordsTable>): BreakGlassRecord {
  return {
    at: row.at,
    action: row.action as BreakGlassRecord['action'],
    replicas: row.replicas,
    registrations: JSON.parse(row.registrations) as string[],
    probe: row.probe as ProbeOutcome | null,
    registrationPresent: row.registration_present === null ? null : row.registration_present === 1,
  };
}

/** The registration the latest drill saved, or null. */
export async function savedRegistration(db: HistoryDb): Promise<{ at: string; registration: object } | null> {
  const row = await db.kysely
    .selectFrom('break_glass_records')
    .select(['at', 'saved'])
    .where('cluster', '=', db.cluster)
    .where('action', '=', 'drill-save')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.saved ? { at: row.at, registration: JSON.parse(row.saved) as object } : null;
}
