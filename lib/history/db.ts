import 'server-only';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from './migrations';
import type { HistoryDatabase } from './schema';

export type HistoryDb = Kysely<HistoryDatabase>;

/** Opens (creating it and its folder on first start) the SQLite store at `path` and brings its schema up to date. */
export async function openHistoryDb(path: string): Promise<HistoryDb> {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // WAL lets pages read while the recorder writes; the busy timeout lets two processes on one file wait their turn.
  sqlite.exec('pragma journal_mode = WAL; pragma busy_timeout = 5000; pragma foreign_keys = ON;');
  const db = new Kysely<HistoryDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrate(db);
  return db;
}

/** Runs the migrations not yet run; throws the first failure, so a broken store stops start-up. */
export async function migrate(db: HistoryDb): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (error)
    throw new Error(`memdash: the history store's migrations failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
