import 'server-only';
import type { Termination } from '@/lib/domain';
import type { HistoryDb } from './db';
import { storedTime } from './store';

// The pods' terminations, evictions and requests at creation the recorder keeps (migration 0008). Each is stored
// once (a termination per pod, container and time; an eviction and a request per pod), whoever records it: two
// replicas, or a new Lease holder replaying what the old one stored, insert nothing twice. A pod's uid is unique across
// clusters (a random UUID), so these keys need no cluster; the rows carry theirs, and every read filters on it.

export interface PodIdentity {
  uid: string;
  namespace: string;
  pod: string;
  workload: string | null;
}

export interface ContainerSizes {
  name: string;
  /** Bytes; null when it has none. */
  request: number | null;
  limit: number | null;
  /** An init container: not part of the pod's request while it runs. */
  init?: boolean;
}

export interface PodFacts extends PodIdentity {
  createdAt: string | null;
  containers: ContainerSizes[];
  terminations: Termination[];
  eviction: { message: string; at: string } | null;
}

// Rows per statement: under both stores' limits on bound parameters.
const CHUNK = 200;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Stores what the pods' states hold that the store does not: their requests, terminations and evictions. */
export async function recordPodFacts(db: HistoryDb, pods: PodFacts[], seenAt: Date): Promise<void> {
  const seen = storedTime(seenAt);
  const requests = pods.filter((p) => p.createdAt !== null);
  for (const part of chunks(requests))
    await db.kysely
      .insertInto('pod_requests')
      .values(
        part.map((p) => ({
          cluster: db.cluster,
          pod_uid: p.uid,
          namespace: p.namespace,
          pod: p.pod,
          workload: p.workload,
          created_at: storedTime(p.createdAt!),
          containers: JSON.stringify(p.containers),
        })),
      )
      .onConflict((oc) => oc.column('pod_uid').doNothing())
      .execute();
  const terminations = pods.flatMap((p) => p.terminations.map((t) => ({ p, t })));
  for (const part of chunks(terminations))
    await db.kysely
      .insertInto('container_terminations')
      .values(
        part.map(({ p, t }) => ({
          cluster: db.cluster,
          pod_uid: p.uid,
          namespace: p.namespace,
          pod: p.pod,
          workload: p.workload,
          container: t.container,
          reason: t.reason,
          exit_code: t.exitCode,
          restart_count: t.restartCount,
          finished_at: storedTime(t.at),
          seen_at: seen,
        })),
      )
      .onConflict((oc) => oc.columns(['pod_uid', 'container', 'finished_at']).doNothing())
      .execute();
  const evictions = pods.filter((p) => p.eviction !== null);
  for (const part of chunks(evictions))
    await db.kysely
      .insertInto('pod_evictions')
      .values(
        part.map((p) => ({
          cluster: db.cluster,
          pod_uid: p.uid,
          namespace: p.namespace,
          pod: p.pod,
          workload: p.workload,
          message: p.eviction!.message,
          at: storedTime(p.eviction!.at),
          seen_at: seen,
        })),
      )
      .onConflict((oc) => oc.column('pod_uid').doNothing())
      .execute();
}

export interface StoredTermination extends Termination {
  uid: string;
  pod: string;
}

export interface StoredEviction {
  uid: string;
  pod: string;
  message: string;
  at: string;
}

export type Where = { uid: string } | { namespace: string; workload: string; from: string };

/** The recorded terminations of one pod, or of a workload's pods since `from`, oldest first. */
export async function listTerminations(db: HistoryDb, where: Where): Promise<StoredTermination[]> {
  let q = db.kysely.selectFrom('container_terminations').selectAll().where('cluster', '=', db.cluster);
  q =
    'uid' in where
      ? q.where('pod_uid', '=', where.uid)
      : q
          .where('namespace', '=', where.namespace)
          .where('workload', '=', where.workload)
          .where('finished_at', '>=', storedTime(where.from));
  const rows = await q.orderBy('finished_at').orderBy('id').execute();
  return rows.map((r) => ({
    uid: r.pod_uid,
    pod: r.pod,
    container: r.container,
    reason: r.reason,
    exitCode: r.exit_code,
    at: r.finished_at,
    restartCount: Number(r.restart_count),
  }));
}

/** The recorded evictions of one pod, or of a workload's pods since `from`, oldest first. */
export async function listEvictions(db: HistoryDb, where: Where): Promise<StoredEviction[]> {
  let q = db.kysely.selectFrom('pod_evictions').selectAll().where('cluster', '=', db.cluster);
  q =
    'uid' in where
      ? q.where('pod_uid', '=', where.uid)
      : q.where('namespace', '=', where.namespace).where('workload', '=', where.workload).where('at', '>=', storedTime(where.from));
  const rows = await q.orderBy('at').orderBy('id').execute();
  return rows.map((r) => ({ uid: r.pod_uid, pod: r.pod, message: r.message, at: r.at }));
}

/** The requests and limits each pod had as it was created, by namespace/pod name (the pods asked for). */
export async function requestsAtCreation(db: HistoryDb, namespace: string, pods: string[]): Promise<Map<string, ContainerSizes[]>> {
  const found = new Map<string, ContainerSizes[]>();
  for (const part of chunks([...new Set(pods)])) {
    if (part.length === 0) continue;
    const rows = await db.kysely
      .selectFrom('pod_requests')
      .select(['pod', 'containers', 'created_at'])
      .where('cluster', '=', db.cluster)
      .where('namespace', '=', namespace)
      .where('pod', 'in', part)
      .orderBy('created_at')
      .execute();
    for (const r of rows) found.set(r.pod, JSON.parse(r.containers) as ContainerSizes[]);
  }
  return found;
}

export interface WorkloadCounts {
  oomKills: number;
  evictions: number;
}

/** The OOM kills since `from` (RFC 3339) per namespace, of every pod, with a workload or without. */
export async function oomKillsByNamespace(db: HistoryDb, from: string): Promise<Map<string, number>> {
  const rows = await db.kysely
    .selectFrom('container_terminations')
    .select(['namespace', db.kysely.fn.countAll<number | string>().as('n')])
    .where('cluster', '=', db.cluster)
    .where('reason', '=', 'OOMKilled')
    .where('finished_at', '>=', storedTime(from))
    .groupBy('namespace')
    .execute();
  return new Map(rows.map((r) => [r.namespace, Number(r.n)]));
}

/** The OOM kills and evictions recorded since `from`, per "namespace/workload". */
export async function countsByWorkload(db: HistoryDb, from: string): Promise<Map<string, WorkloadCounts>> {
  const since = storedTime(from);
  const [kills, evictions] = await Promise.all([
    db.kysely
      .selectFrom('container_terminations')
      .select(['namespace', 'workload', db.kysely.fn.countAll<number | string>().as('n')])
      .where('cluster', '=', db.cluster)
      .where('reason', '=', 'OOMKilled')
      .where('finished_at', '>=', since)
      .where('workload', 'is not', null)
      .groupBy(['namespace', 'workload'])
      .execute(),
    db.kysely
      .selectFrom('pod_evictions')
      .select(['namespace', 'workload', db.kysely.fn.countAll<number | string>().as('n')])
      .where('cluster', '=', db.cluster)
      .where('at', '>=', since)
      .where('workload', 'is not', null)
      .groupBy(['namespace', 'workload'])
      .execute(),
  ]);
  const counts = new Map<string, WorkloadCounts>();
  const of = (ns: string, w: string | null) => {
    const key = `${ns}/${w}`;
    const c = counts.get(key) ?? { oomKills: 0, evictions: 0 };
    counts.set(key, c);
    return c;
  };
  for (const r of kills) of(r.namespace, r.workload).oomKills = Number(r.n);
  for (const r of evictions) of(r.namespace, r.workload).evictions = Number(r.n);
  return counts;
}
