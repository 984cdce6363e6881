import type { Generated } from 'kysely';

// The history store's tables as Kysely sees them. Every table with a `cluster` column holds several clusters' rows:
// lib/history's functions filter and stamp it from the HistoryDb they are handed (db.ts). Times are ISO 8601 UTC
// with milliseconds (toISOString), so they order correctly as text; lib/history normalises every time before it is written.

export interface TableVersionsTable {
  id: Generated<number>;
  /** sha256 of the data's rows in key order: one version per distinct content and origin. */
  content_hash: string;
  /** JSON of the ConfigMap's data, or null when it had none. */
  data: string | null;
  rows: number;
  in_force_from: string;
  seen_at: string;
  written_at: string | null;
  /** rv:<resourceVersion> for a watched version, import:<time> for an imported one: two recorders insert once. */
  origin: string;
  source: 'watch' | 'import';
  label: string | null;
  /** The cluster the row is of (migration 0011_cluster). */
  cluster: string;
}

export interface RegistrationObservationsTable {
  id: Generated<number>;
  at: string;
  present: number;
  uid: string | null;
  created_at: string | null;
  failure_policy: string | null;
  owner: string | null;
  live: number;
  /** The cluster the row is of (migration 0011_cluster). */
  cluster: string;
}

export interface AdmissionReplicasTable {
  id: Generated<number>;
  at: string;
  /** Null while the Deployment does not exist. */
  ready: number | null;
  desired: number | null;
  /** The cluster the row is of (migration 0011_cluster). */
  cluster: string;
}

export interface ImportsTable {
  id: Generated<number>;
  file_name: string;
  imported_at: string;
  taken_at: string;
  taken_at_source: string;
  version_id: number;
  /** The cluster the row is of (migration 0011_cluster). */
  cluster: string;
}

/** Where a watch resumes after a restart. */
export interface WatchCursorsTable {
  name: string;
  resource_version: string;
  updated_at: string;
  /** The cluster the row is of (migration 0011_cluster). */
  cluster: string;
}

/** One record per write memdash makes to the cluster (the planned writes): who, what, target, outcome, when. */
export interface AuditRecordsTable {
  id: Generated<number>;
  at: string;
  actor: string;
  action: string;
  target: string;
  outcome: string;
  detail: string | null;
  /** Who was signed in (MEMDASH_AUTH oidc or proxy); null without sign-in. */
  signed_in: string | null;
  /** Which credential wrote: 'pasted' (the write credential sent with the request) or 'session' (the person's own ID
   * token, MEMDASH_WRITE_AS_USER); null when none was used (a read-only step) or the record predates this column. */
  credential: string | null;
  /** The cluster the row is of (migration 0011_cluster). */
  cluster: string;
}

/** Sessions signed out before they ended: refused until then, on every replica (lib/auth/ended-sessions.ts). */
export interface EndedSessionsTable {
  sid: string;
  /** When the session would have ended by itself; the row goes after it. */
  ends_at: string;
}

/** Writes refused before any credential was read, counted per action, reason and hour rather than stored each. */
export interface AuditRefusalsTable {
  id: Generated<number>;
  action: string;
  /** The refusal's error code (lib/errors): unauthorized (no credential), forbidden (Origin), … */
  reason: string;
  /** The hour the refusals fell in, as the time it starts at. */
  hour: string;
  count: number;
  first_at: string;
  last_at: string;
}

/** What memdash did in a break-glass or a drill (actions that went through; refusals are in audit_records only). */
export interface BreakGlassRecordsTable {
  id: Generated<number>;
  at: string;
  action: string;
  replicas: number | null;
  /** JSON array of `Kind/name`. */
  registrations: string;
  probe: string | null;
  registration_present: number | null;
  /** drill-save: the saved registration, as the runbook's jq keeps it (JSON). */
  saved: string | null;
  /** The cluster the row is of (migration 0011_cluster). */
  cluster: string;
}

/** The probe's outcome each time it changed, whoever ran it (the header, the webhook page, a break-glass step). */
export interface ProbeOutcomesTable {
  id: Generated<number>;
  at: string;
  outcome: string;
  /** The cluster the row is of (migration 0011_cluster). */
  cluster: string;
}

/** Each end of a container the recorder saw (lastState or state terminated), once per pod, container and time. */
export interface ContainerTerminationsTable {
  id: Generated<number>;
  pod_uid: string;
  namespace: string;
  pod: string;
  /** The workload's name as Kyverno derives it; null for a pod without one. */
  workload: string | null;
  container: string;
  /** OOMKilled, Error, Completed… as the kubelet wrote it. */
  reason: string;
  exit_code: number | null;
  restart_count: number;
  finished_at: string;
  seen_at: string;
  /** The cluster the row is of (migration 0011_cluster). */
  cluster: string;
}

/** Each pod the recorder saw evicted (status reason Evicted), with the kubelet's message. */
export interface PodEvictionsTable {
  id: Generated<number>;
  pod_uid: string;
  namespace: string;
  pod: string;
  workload: string | null;
  message: string;
  at: string;
  seen_at: string;
  /** The cluster the row is of (migration 0011_cluster). */
  cluster: string;
}

/** Each pod's memory requests and limits as it was created (JSON `[{name, request, limit}]`, bytes or null). */
export interface PodRequestsTable {
  pod_uid: string;
  namespace: string;
  pod: string;
  workload: string | null;
  created_at: string;
  containers: string;
  /** The cluster the row is of (migration 0011_cluster). */
  cluster: string;
}

/** How sure each row is, as the latest preview measured it: every row replaced by each preview. */
export interface RowConfidenceTable {
  row_key: string;
  pods: number;
  /** From the row's first sample to its last. */
  span_seconds: number;
  samples: number;
  p90_mi: number;
  hottest_pod: string;
  hottest_p90_mi: number;
  max_mi: number;
  /** When the preview's window ended. */
  computed_at: string;
  /** The cluster the row is of (migration 0011_cluster). */
  cluster: string;
}

export interface HistoryDatabase {
  container_terminations: ContainerTerminationsTable;
  pod_evictions: PodEvictionsTable;
  pod_requests: PodRequestsTable;
  table_versions: TableVersionsTable;
  registration_observations: RegistrationObservationsTable;
  admission_replicas: AdmissionReplicasTable;
  imports: ImportsTable;
  watch_cursors: WatchCursorsTable;
  audit_records: AuditRecordsTable;
  ended_sessions: EndedSessionsTable;
  audit_refusals: AuditRefusalsTable;
  break_glass_records: BreakGlassRecordsTable;
  probe_outcomes: ProbeOutcomesTable;
  row_confidence: RowConfidenceTable;
}
