// The fleet: one row per cluster, worst first, so the cluster that needs someone is the one at the top. Pure: the
// read model (lib/views/fleet.ts) reads each cluster's parts within a deadline and hands them here.
import { nextRun, type CronSpec } from './cron-schedule';
import { isDrifted, type DriftFacts } from './drift';
import type { Part } from './part';
import type { ProbeOutcome } from './probe';
import type { WebhookStateCode } from './webhook-state';

/** What one cluster's row shows; each part read on its own, so one that failed says why in its cell only. */
export interface FleetRow {
  cluster: string;
  /** Whether its API server answered (its version), or why not: then the other parts say nothing new. */
  apiServer: Part<{ version: string }>;
  /** Whether pods are created (the header's state, weighed against the probe) and the last probe's answer and age. */
  podCreation: Part<{ state: WebhookStateCode; reason: string; probeOutcome: ProbeOutcome | null; probeAgeSeconds: number | null }>;
  kyverno: Part<{ version: string | null; replicas: { desired: number; ready: number } | null }>;
  /** The MutatingPolicy's READY and whether the GlobalContextEntry has loaded the table. */
  policy: Part<{ ready: boolean | null; tableLoaded: boolean | null }>;
  /**
   * The table's rows and its last write against the snapshot's schedule (null: not theirs to read, the table's), and
   * the last run's outcome (null: none, or not theirs: the snapshot runs').
   */
  table: Part<{
    rows: number | null;
    lastWriteAt: string | null;
    overdue: boolean | null;
    lastRun: 'succeeded' | 'failed' | 'running' | null;
  }>;
  /** Pods whose request differs from today's row, and the bytes of request that holds (requests minus rows). */
  drift: Part<{ pods: number; bytes: number }>;
  oomKills24h: Part<number>;
  /** A break-glass or drill not yet closed. */
  openIncident: { id: string; kind: string } | null;
}

/** How bad a row is, highest first: what the sort, and the row's tone, go by. */
export type FleetSeverity = 'pods-refused' | 'unknown' | 'degraded' | 'table' | 'drift' | 'healthy';

const ORDER: readonly FleetSeverity[] = ['pods-refused', 'unknown', 'degraded', 'table', 'drift', 'healthy'];

const REFUSING: ReadonlySet<WebhookStateCode> = new Set(['refusing', 'break-glass']);
const DEGRADED: ReadonlySet<WebhookStateCode> = new Set(['degraded', 'orphaned', 'starting']);

/** The row's worst fact: pod creation first (refused, then not known), then Kyverno, then the table, then drift. */
export function fleetSeverity(row: FleetRow): FleetSeverity {
  if (!row.apiServer.ok || !row.podCreation.ok)
    return row.podCreation.ok && REFUSING.has(row.podCreation.value.state) ? 'pods-refused' : 'unknown';
  const state = row.podCreation.value.state;
  if (REFUSING.has(state) || row.openIncident) return 'pods-refused';
  if (state === 'unknown') return 'unknown';
  if (DEGRADED.has(state) || (row.kyverno.ok && replicasShort(row.kyverno.value.replicas))) return 'degraded';
  if (tableWrong(row)) return 'table';
  if ((row.drift.ok && row.drift.value.pods > 0) || (row.oomKills24h.ok && row.oomKills24h.value > 0)) return 'drift';
  return 'healthy';
}

const replicasShort = (r: { desired: number; ready: number } | null) => r !== null && r.ready < r.desired;

function tableWrong(row: FleetRow): boolean {
  const policy = row.policy.ok ? row.policy.value : null;
  if (policy && (policy.ready === false || policy.tableLoaded === false)) return true;
  const table = row.table.ok ? row.table.value : null;
  return table !== null && (table.overdue || table.lastRun === 'failed' || table.rows === 0);
}

/** Worst first; rows as bad as each other by name, so the order holds still between refreshes. */
export function fleetOrder<T extends FleetRow>(rows: readonly T[]): T[] {
  const rank = (row: FleetRow) => ORDER.indexOf(fleetSeverity(row));
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.cluster.localeCompare(b.cluster));
}

/** How long after a scheduled run's start the table may still be unwritten: the run reads Prometheus, then writes. */
export const SNAPSHOT_GRACE_MS = 60 * 60_000;

/**
 * Whether the table is overdue: a run the schedule started after its last write should have written it by now
 * (SNAPSHOT_GRACE_MS after its start). A suspended or unreadable schedule starts no run, so nothing is overdue; a
 * table never written (no time) is, once the schedule exists.
 */
export function tableOverdue(spec: CronSpec, lastWriteAt: string | null, now: Date): boolean {
  if (lastWriteAt === null) return true;
  const written = new Date(lastWriteAt);
  if (Number.isNaN(written.getTime())) return true;
  const due = nextRun(spec, written);
  return due.kind === 'next' && due.at.getTime() + SNAPSHOT_GRACE_MS < now.getTime();
}

/**
 * A pod's drift: whether a container's request is not what today's row gives it (isDrifted), and the bytes its
 * drifted containers' requests hold beyond what the rows give (negative when below them; no request counts as 0).
 */
export function podDrift(containers: ReadonlyArray<DriftFacts>): { drifted: boolean; bytes: number } {
  let bytes = 0;
  let drifted = false;
  for (const c of containers) {
    if (!isDrifted(c)) continue;
    drifted = true;
    bytes += (c.request ?? 0) - Math.min(c.row!, c.limit ?? Infinity);
  }
  return { drifted, bytes };
}
