import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import { inForceTimes } from '@/lib/domain/table-history';
import { isPostgres } from './dialect';
import { clusterMigration } from './migration-cluster';

// Schema changes in order; each runs once per store (Kysely records them in kysely_migration). Written against
// Kysely's schema builder so that a PostgreSQL store runs the same ones; only the generated id is written per store.

/** A table whose first column is an id the store numbers: SQLite's autoincrement, PostgreSQL's serial. */
function tableWithId(db: Kysely<unknown>, name: string): CreateTableBuilder<string, 'id'> {
  const table = db.schema.createTable(name);
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await tableWithId(db, 'table_versions')
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('data', 'text')
      .addColumn('rows', 'integer', (c) => c.notNull())
      .addColumn('in_force_from', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .addColumn('written_at', 'text')
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('label', 'text')
      .addUniqueConstraint('table_versions_content_origin', ['content_hash', 'origin'])
      .execute();
    await db.schema.createIndex('table_versions_in_force_from').on('table_versions').column('in_force_from').execute();

    await tableWithId(db, 'registration_observations')
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('present', 'integer', (c) => c.notNull())
      .addColumn('uid', 'text')
      .addColumn('created_at', 'text')
      .addColumn('failure_policy', 'text')
      .addColumn('owner', 'text')
      .addColumn('live', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('registration_observations_at').on('registration_observations').column('at').execute();

    await tableWithId(db, 'admission_replicas')
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('ready', 'integer')
      .addColumn('desired', 'integer')
      .execute();

    await tableWithId(db, 'imports')
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('imported_at', 'text', (c) => c.notNull())
      .addColumn('taken_at', 'text', (c) => c.notNull())
      .addColumn('taken_at_source', 'text', (c) => c.notNull())
      .addColumn('version_id', 'integer', (c) => c.notNull().references('table_versions.id'))
      .execute();

    await db.schema
      .createTable('watch_cursors')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('resource_version', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await tableWithId(db, 'audit_records')
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .execute();
  },
};

// The break-glass and the drill resume from the cluster and from these records (the count before the scale-down,
// the time of the deletion, the probes, the drill's saved registration), never from a browser tab.
const breakGlass: Migration = {
  async up(db: Kysely<unknown>) {
    await tableWithId(db, 'break_glass_records')
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('replicas', 'integer')
      .addColumn('registrations', 'text', (c) => c.notNull())
      .addColumn('probe', 'text')
      .addColumn('registration_present', 'integer')
      .addColumn('saved', 'text')
      .execute();
    await db.schema.createIndex('break_glass_records_at').on('break_glass_records').column('at').execute();
  },
};

// Versions were dated by the newest managedFields time even when it had not moved (a manager writing back its own
// rows, another's removed), which put them in force before the versions they replaced. The recorded versions are
// dated again by the rule the recorder now follows (inForceFrom), in the order they were stored.
const inForceOrder: Migration = {
  async up(db: Kysely<unknown>) {
    const store = db as Kysely<{
      table_versions: { id: number; seen_at: string; written_at: string | null; in_force_from: string; source: string };
    }>;
    const versions = await store
      .selectFrom('table_versions')
      .select(['id', 'seen_at', 'written_at', 'in_force_from'])
      .where('source', '=', 'watch')
      .orderBy('id')
      .execute();
    const times = inForceTimes(versions.map((v) => ({ seenAt: v.seen_at, writtenAt: v.written_at })));
    for (const [i, v] of versions.entries()) {
      const from = new Date(times[i]!).toISOString();
      if (from !== v.in_force_from) await store.updateTable('table_versions').set({ in_force_from: from }).where('id', '=', v.id).execute();
    }
  },
};

// A write refused before any credential was read costs its sender nothing, so a flood of them would push the records
// of real writes out of sight: they are counted per action, reason and hour instead of stored one by one. The audit
// log is paged newest first by (at, id), which the index serves.
const auditRefusals: Migration = {
  async up(db: Kysely<unknown>) {
    await tableWithId(db, 'audit_refusals')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('first_at', 'text', (c) => c.notNull())
      .addColumn('last_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('audit_refusals_action_reason_hour', ['action', 'reason', 'hour'])
      .execute();
    await db.schema.createIndex('audit_records_at_id').on('audit_records').columns(['at', 'id']).execute();
  },
};

// With sign-in, an audit record names the signed-in person beside the write credential's identity.
const auditSignedIn: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_records').addColumn('signed_in', 'text').execute();
  },
};

// With MEMDASH_WRITE_AS_USER, a record says which credential wrote: the pasted one or the person's own ID token.
const auditCredential: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_records').addColumn('credential', 'text').execute();
  },
};

// Sign-out ends a session on every replica: the sealed cookie alone would open until it ends.
const endedSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ended_sessions')
      .addColumn('sid', 'text', (c) => c.primaryKey())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .execute();
  },
};

// An incident's first refused probe is often the header's or the webhook page's, before any break-glass step: the
// probe's outcome is kept each time it changes (not each run: the header probes on every open page).
const incidents: Migration = {
  async up(db: Kysely<unknown>) {
    await tableWithId(db, 'probe_outcomes')
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('probe_outcomes_at').on('probe_outcomes').column('at').execute();
  },
};

// What the cluster forgets about a pod's memory: each termination of a container (an OOM kill above all), each
// eviction, and each pod's requests as it was created, kept after the pod is gone (see terminations.ts).
const containerTerminations: Migration = {
  async up(db: Kysely<unknown>) {
    await tableWithId(db, 'container_terminations')
      .addColumn('pod_uid', 'text', (c) => c.notNull())
      .addColumn('namespace', 'text', (c) => c.notNull())
      .addColumn('pod', 'text', (c) => c.notNull())
      .addColumn('workload', 'text')
      .addColumn('container', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('exit_code', 'integer')
      .addColumn('restart_count', 'integer', (c) => c.notNull())
      .addColumn('finished_at', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('container_terminations_once', ['pod_uid', 'container', 'finished_at'])
      .execute();
    await db.schema
      .createIndex('container_terminations_workload')
      .on('container_terminations')
      .columns(['namespace', 'workload', 'finished_at'])
      .execute();
    await tableWithId(db, 'pod_evictions')
      .addColumn('pod_uid', 'text', (c) => c.notNull().unique())
      .addColumn('namespace', 'text', (c) => c.notNull())
      .addColumn('pod', 'text', (c) => c.notNull())
      .addColumn('workload', 'text')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pod_evictions_workload').on('pod_evictions').columns(['namespace', 'workload', 'at']).execute();
    await db.schema
      .createTable('pod_requests')
      .addColumn('pod_uid', 'text', (c) => c.primaryKey())
      .addColumn('namespace', 'text', (c) => c.notNull())
      .addColumn('pod', 'text', (c) => c.notNull())
      .addColumn('workload', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('containers', 'text', (c) => c.notNull())
      .execute();
  },
};

// How sure each row is, as the latest preview measured it (lib/history/row-confidence.ts): /table and /workloads show
// it without reading Prometheus again. Each preview replaces every row.
const rowConfidence: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('row_confidence')
      .addColumn('row_key', 'text', (c) => c.primaryKey())
      .addColumn('pods', 'integer', (c) => c.notNull())
      .addColumn('span_seconds', 'integer', (c) => c.notNull())
      .addColumn('samples', 'integer', (c) => c.notNull())
      .addColumn('p90_mi', 'integer', (c) => c.notNull())
      .addColumn('hottest_pod', 'text', (c) => c.notNull())
      .addColumn('hottest_p90_mi', 'integer', (c) => c.notNull())
      .addColumn('max_mi', 'integer', (c) => c.notNull())
      .addColumn('computed_at', 'text', (c) => c.notNull())
      .execute();
  },
};

/** The migrations up to 0010, as a store had them before clusters had names. */
export const MIGRATIONS_BEFORE_CLUSTERS: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_break_glass': breakGlass,
  '0003_in_force_order': inForceOrder,
  '0004_audit_refusals': auditRefusals,
  '0005_audit_signed_in': auditSignedIn,
  '0006_audit_credential': auditCredential,
  '0007_ended_sessions': endedSessions,
  '0008_container_terminations': containerTerminations,
  '0009_row_confidence': rowConfidence,
  '0010_incidents': incidents,
};

/** Every migration; `defaultCluster` names the cluster 0011 stamps a store's earlier rows with. */
export function migrations(defaultCluster: string): Record<string, Migration> {
  return { ...MIGRATIONS_BEFORE_CLUSTERS, '0011_cluster': clusterMigration(defaultCluster) };
}

export function migrationProvider(defaultCluster: string): MigrationProvider {
  return { getMigrations: async () => migrations(defaultCluster) };
}
