import 'server-only';
import { sql } from 'kysely';
import type { RegistrationObservation } from '@/lib/domain';
import type { HistoryDb } from './db';
import { storedTime } from './store';

// The registration's states and the admission controller's ready replicas over time, and where each watch
// resumes. An observation is stored only when it differs from the newest one, checked in the same statement.

/** Stores the registration's state when it differs from the newest stored one (presence, uid, failurePolicy, owner). */
export async function recordRegistration(db: HistoryDb, o: RegistrationObservation): Promise<'recorded' | 'unchanged'> {
  const present = o.present ? 1 : 0;
  const result = await sql`
    insert into registration_observations (cluster, at, present, uid, created_at, failure_policy, owner, live)
    select ${db.cluster}, ${storedTime(o.at)}, cast(${present} as integer), ${o.uid}, ${o.createdAt ? storedTime(o.createdAt) : null}, ${o.failurePolicy}, ${o.owner},
           cast(${o.live ? 1 : 0} as integer)
    where not exists (
      select 1 from (
        select present, uid, failure_policy, owner from registration_observations where cluster = ${db.cluster}
        order by at desc, id desc limit 1
      ) newest
      where newest.present = ${present} and newest.uid is not distinct from ${o.uid}
        and newest.failure_policy is not distinct from ${o.failurePolicy} and newest.owner is not distinct from ${o.owner}
    )
    -- a state a new Lease holder replays, which the old holder stored before a later one, is already history
    and not exists (select 1 from registration_observations where cluster = ${db.cluster} and at > ${storedTime(o.at)})`.execute(db.kysely);
  return Number(result.numAffectedRows ?? 0) > 0 ? 'recorded' : 'unchanged';
}

/** Every stored state of the registration, oldest first. */
export async function listRegistrationObservations(db: HistoryDb): Promise<RegistrationObservation[]> {
  const rows = await db.kysely
    .selectFrom('registration_observations')
    .selectAll()
    .where('cluster', '=', db.cluster)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    at: r.at,
    present: r.present === 1,
    uid: r.uid,
    createdAt: r.created_at,
    failurePolicy: r.failure_policy,
    owner: r.owner,
    live: r.live === 1,
  }));
}

export interface ReplicasObservation {
  at: string;
  ready: number | null;
  desired: number | null;
}

/** Stores the admission controller's ready and desired replicas when they differ from the newest stored. */
export async function recordReplicas(db: HistoryDb, o: ReplicasObservation): Promise<'recorded' | 'unchanged'> {
  const result = await sql`
    insert into admission_replicas (cluster, at, ready, desired)
    select ${db.cluster}, ${storedTime(o.at)}, cast(${o.ready} as integer), cast(${o.desired} as integer)
    where not exists (
      select 1 from (select ready, desired from admission_replicas where cluster = ${db.cluster} order by at desc, id desc limit 1) newest
      where newest.ready is not distinct from ${o.ready} and newest.desired is not distinct from ${o.desired}
    )
    and not exists (select 1 from admission_replicas where cluster = ${db.cluster} and at > ${storedTime(o.at)})`.execute(db.kysely);
  return Number(result.numAffectedRows ?? 0) > 0 ? 'recorded' : 'unchanged';
}

/**
 * The last count of replicas above zero the admission controller was asked for, or null: what "bring Kyverno back"
 * scales to when the scale-down was not memdash's (someone ran the runbook's kubectl) and so recorded no count.
 */
export async function lastDesiredReplicas(db: HistoryDb): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('admission_replicas')
    .select('desired')
    .where('cluster', '=', db.cluster)
    .where('desired', '>', 0)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.desired ?? null;
}

/** Where the named watch resumes, or null to start with a list. */
export async function readCursor(db: HistoryDb, name: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('watch_cursors')
    .select('resource_version')
    .where('cluster', '=', db.cluster)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.resource_version ?? null;
}

export async function writeCursor(db: HistoryDb, name: string, resourceVersion: string, at: Date): Promise<void> {
  await db.kysely
    .insertInto('watch_cursors')
    .values({ cluster: db.cluster, name, resource_version: resourceVersion, updated_at: storedTime(at) })
    .onConflict((oc) => oc.columns(['cluster', 'name']).doUpdateSet({ resource_version: resourceVersion, updated_at: storedTime(at) }))
    .execute();
}
