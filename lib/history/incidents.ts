import 'server-only';
import { sql } from 'kysely';
import type { ProbeOutcome } from '@/lib/domain';
import type { AuditRecord } from './audit';
import type { HistoryDb } from './db';
import type { ReplicasObservation } from './observations';
import { storedTime } from './store';

// What an incident is put together from, beside the registration's gaps (reads.ts): the break-glass's records with
// their ids (an incident is named by the record that opened it), the probe's outcomes as they changed, the admission
// controller's replicas and the audit records of the steps and restarts.

/** Stores the probe's outcome when it differs from the newest stored one: the header probes on every open page. */
export async function recordProbeOutcome(db: HistoryDb, at: string, outcome: ProbeOutcome): Promise<'recorded' | 'unchanged'> {
  const result = await sql`
    insert into probe_outcomes (cluster, at, outcome)
    select ${db.cluster}, ${storedTime(at)}, ${outcome}
    where not exists (
      select 1 from (select outcome from probe_outcomes where cluster = ${db.cluster} order by at desc, id desc limit 1) newest
      where newest.outcome = ${outcome}
    )
    and not exists (select 1 from probe_outcomes where cluster = ${db.cluster} and at > ${storedTime(at)})`.execute(db.kysely);
  return Number(result.numAffectedRows ?? 0) > 0 ? 'recorded' : 'unchanged';
}

/** The probe's outcomes since `since`, and the one in force then, oldest first. */
export async function listProbeOutcomes(db: HistoryDb, since: Date): Promise<Array<{ at: string; outcome: ProbeOutcome }>> {
  const from = storedTime(since);
  const before = await db.kysely
    .selectFrom('probe_outcomes')
    .select(['at', 'outcome'])
    .where('cluster', '=', db.cluster)
    .where('at', '<', from)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  const after = await db.kysely
    .selectFrom('probe_outcomes')
    .select(['at', 'outcome'])
    .where('cluster', '=', db.cluster)
    .where('at', '>=', from)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return [...before, ...after].map((r) => ({ at: r.at, outcome: r.outcome as ProbeOutcome }));
}

/** The admission controller's replicas since `since`, and the observation in force then, oldest first. */
export async function listReplicas(db: HistoryDb, since: Date): Promise<ReplicasObservation[]> {
  const from = storedTime(since);
  const before = await db.kysely
    .selectFrom('admission_replicas')
    .select(['at', 'ready', 'desired'])
    .where('cluster', '=', db.cluster)
    .where('at', '<', from)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  const after = await db.kysely
    .selectFrom('admission_replicas')
    .select(['at', 'ready', 'desired'])
    .where('cluster', '=', db.cluster)
    .where('at', '>=', from)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return [...before, ...after];
}

/** The audit records of the break-glass's and the drill's steps and of the restarts since `since`, oldest first. */
export async function listIncidentAudit(db: HistoryDb, since: Date): Promise<AuditRecord[]> {
  const rows = await db.kysely
    .selectFrom('audit_records')
    .selectAll()
    .where('cluster', '=', db.cluster)
    .where('at', '>=', storedTime(since))
    .where((eb) => eb.or([eb('action', 'like', 'break-glass.%'), eb('action', 'like', 'drill.%'), eb('action', '=', 'workload.restart')]))
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    at: r.at,
    cluster: r.cluster,
    actor: r.actor,
    signedIn: r.signed_in,
    credential: r.credential === 'pasted' || r.credential === 'session' ? r.credential : null,
    action: r.action,
    target: r.target,
    outcome: r.outcome as AuditRecord['outcome'],
    detail: r.detail,
  }));
}
