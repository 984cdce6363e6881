import { PostgresAdapter, type Kysely } from 'kysely';

// The one place the two stores differ: SQLite (the embedded default) and PostgreSQL (DATABASE_URL, several
// replicas). Everything else is the same Kysely query on both.

export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A DATABASE_URL names PostgreSQL; anything else handed to openHistoryDb is a SQLite file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location);
}
