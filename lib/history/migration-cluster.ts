import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { isPostgres } from './dialect';

// 0011_cluster: one store for every cluster. Each table that holds something of a cluster gets a `cluster` column,
// its rows stamped with the default cluster's name (a store from before names was the one cluster's); the keys that
// two clusters may share (a table version's resourceVersion, a row's key, a watch's name) take the cluster in, and
// each index a read filters through leads with it. The server's own tables keep no cluster: ended_sessions (a
// sign-out ends the session on every cluster) and audit_refusals (counted before the request named a cluster).

/** The tables with a `cluster` column. */
export const CLUSTER_TABLES = [
  'table_versions',
  'registration_observations',
  'admission_replicas',
  'imports',
  'watch_cursors',
  'audit_records',
  'break_glass_records',
  'probe_outcomes',
  'container_terminations',
  'pod_evictions',
  'pod_requests',
  'row_confidence',
] as const;

/** Indexes that led with something else, dropped and made again leading with the cluster. */
const INDEXES: Array<{ name: string; table: string; columns: string[]; drops?: string }> = [
  {
    name: 'table_versions_cluster_in_force',
    table: 'table_versions',
    columns: ['cluster', 'in_force_from', 'id'],
    drops: 'table_versions_in_force_from',
  },
  { name: 'table_versions_cluster_source_id', table: 'table_versions', columns: ['cluster', 'source', 'id'] },
  {
    name: 'registration_observations_cluster_at',
    table: 'registration_observations',
    columns: ['cluster', 'at', 'id'],
    drops: 'registration_observations_at',
  },
  { name: 'admission_replicas_cluster_at', table: 'admission_replicas', columns: ['cluster', 'at', 'id'] },
  { name: 'imports_cluster', table: 'imports', columns: ['cluster', 'version_id'] },
  { name: 'audit_records_cluster_at_id', table: 'audit_records', columns: ['cluster', 'at', 'id'], drops: 'audit_records_at_id' },
  {
    name: 'break_glass_records_cluster_at',
    table: 'break_glass_records',
    columns: ['cluster', 'at', 'id'],
    drops: 'break_glass_records_at',
  },
  { name: 'probe_outcomes_cluster_at', table: 'probe_outcomes', columns: ['cluster', 'at', 'id'], drops: 'probe_outcomes_at' },
  {
    name: 'container_terminations_cluster_workload',
    table: 'container_terminations',
    columns: ['cluster', 'namespace', 'workload', 'finished_at'],
    drops: 'container_terminations_workload',
  },
  { name: 'container_terminations_cluster_pod', table: 'container_terminations', columns: ['cluster', 'pod_uid'] },
  {
    name: 'pod_evictions_cluster_workload',
    table: 'pod_evictions',
    columns: ['cluster', 'namespace', 'workload', 'at'],
    drops: 'pod_evictions_workload',
  },
  { name: 'pod_requests_cluster_pod', table: 'pod_requests', columns: ['cluster', 'namespace', 'pod'] },
];

export function clusterMigration(defaultCluster: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (isPostgres(db)) await onPostgres(db, defaultCluster);
      else await onSqlite(db, defaultCluster);
      for (const index of INDEXES) {
        if (index.drops) await db.schema.dropIndex(index.drops).ifExists().execute();
        await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
      }
    },
  };
}

// Every DDL of PostgreSQL is transactional (the migrator runs this in one): the keys are changed in place.
async function onPostgres(db: Kysely<unknown>, name: string): Promise<void> {
  for (const table of CLUSTER_TABLES) {
    await db.schema.alterTable(table).addColumn('cluster', 'text').execute();
    await sql`update ${sql.table(table)} set cluster = ${name}`.execute(db);
    await db.schema
      .alterTable(table)
      .alterColumn('cluster', (c) => c.setNotNull())
      .execute();
  }
  await db.schema.alterTable('table_versions').dropConstraint('table_versions_content_origin').execute();
  await db.schema
    .alterTable('table_versions')
    .addUniqueConstraint('table_versions_cluster_content_origin', ['cluster', 'content_hash', 'origin'])
    .execute();
  await db.schema.alterTable('row_confidence').dropConstraint('row_confidence_pkey').execute();
  await db.schema.alterTable('row_confidence').addPrimaryKeyConstraint('row_confidence_pkey', ['cluster', 'row_key']).execute();
  await db.schema.alterTable('watch_cursors').dropConstraint('watch_cursors_pkey').execute();
  await db.schema.alterTable('watch_cursors').addPrimaryKeyConstraint('watch_cursors_pkey', ['cluster', 'name']).execute();
}

// SQLite can add a NOT NULL column only with a default, and cannot change a key: a column added with the default ''
// (no cluster's name: a write that forgot the cluster is seen by none), and the three tables whose key takes the
// cluster made again, rows copied, as SQLite's "other kinds of table schema changes" say. The migrator runs SQLite's
// migrations outside a transaction, so foreign keys (imports → table_versions) can be off while table_versions is
// made again; this runs in a transaction of its own.
async function onSqlite(db: Kysely<unknown>, name: string): Promise<void> {
  const rebuilt = new Set<string>(['table_versions', 'row_confidence', 'watch_cursors']);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      for (const table of CLUSTER_TABLES.filter((t) => !rebuilt.has(t))) {
        await sql`alter table ${sql.table(table)} add column cluster text not null default ''`.execute(tx);
        await sql`update ${sql.table(table)} set cluster = ${name}`.execute(tx);
      }
      await remake(tx, 'table_versions', TABLE_VERSIONS, name);
      await remake(tx, 'row_confidence', ROW_CONFIDENCE, name);
      await remake(tx, 'watch_cursors', WATCH_CURSORS, name);
      const broken = await sql`pragma foreign_key_check`.execute(tx);
      if (broken.rows.length > 0) throw new Error(`table_versions made again breaks ${broken.rows.length} imports' reference`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** A table made again with the cluster in its key: its columns as before, `cluster` last. */
interface Remade {
  columns: string[];
  create: (table: string) => ReturnType<typeof sql>;
}

const TABLE_VERSIONS: Remade = {
  columns: ['id', 'content_hash', 'data', 'rows', 'in_force_from', 'seen_at', 'written_at', 'origin', 'source', 'label'],
  create: (t) => sql`create table ${sql.table(t)} (
    id integer primary key autoincrement, content_hash text not null, data text, rows integer not null,
    in_force_from text not null, seen_at text not null, written_at text, origin text not null, source text not null,
    label text, cluster text not null default '',
    constraint table_versions_cluster_content_origin unique (cluster, content_hash, origin))`,
};

const ROW_CONFIDENCE: Remade = {
  columns: ['row_key', 'pods', 'span_seconds', 'samples', 'p90_mi', 'hottest_pod', 'hottest_p90_mi', 'max_mi', 'computed_at'],
  create: (t) => sql`create table ${sql.table(t)} (
    row_key text not null, pods integer not null, span_seconds integer not null, samples integer not null,
    p90_mi integer not null, hottest_pod text not null, hottest_p90_mi integer not null, max_mi integer not null,
    computed_at text not null, cluster text not null default '', primary key (cluster, row_key))`,
};

const WATCH_CURSORS: Remade = {
  columns: ['name', 'resource_version', 'updated_at'],
  create: (t) => sql`create table ${sql.table(t)} (
    name text not null, resource_version text not null, updated_at text not null, cluster text not null default '',
    primary key (cluster, name))`,
};

async function remake(db: Kysely<unknown>, table: string, remade: Remade, name: string): Promise<void> {
  const next = `${table}_with_cluster`;
  const columns = sql.join(remade.columns.map((c) => sql.ref(c)));
  await remade.create(next).execute(db);
  await sql`insert into ${sql.table(next)} (${columns}, cluster) select ${columns}, ${name} from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(next)} rename to ${sql.table(table)}`.execute(db);
}
