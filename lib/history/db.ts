import 'server-only';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { storeConnectionFailure } from '@/lib/errors';
import { isPostgresUrl } from './dialect';
import { migrationProvider } from './migrations';
import { keepingStatements } from './sqlite-statements';
import type { HistoryDatabase } from './schema';

/** The store's tables through Kysely: every cluster's rows and the server's own. */
export type HistoryKysely = Kysely<HistoryDatabase>;

/**
 * The history store as one cluster sees it: every read of a cluster's table filters on `cluster`, every write stamps
 * it (each function of lib/history does so itself, in its query). Clusters share the one store (one file, one pool):
 * `kysely` is the same for each, so a transaction or a close is the store's. The server's own rows (ended sessions)
 * ignore `cluster`. Made by openHistoryDb and historyFor, one object per store and cluster, so a memo keyed by it
 * (a WeakMap) is per cluster.
 */
export interface HistoryDb {
  readonly kysely: HistoryKysely;
  readonly cluster: string;
}

const scopes = new WeakMap<HistoryKysely, Map<string, HistoryDb>>();

/** The same store as `cluster` sees it. */
export function historyFor(db: HistoryDb | HistoryKysely, cluster: string): HistoryDb {
  const kysely = db instanceof Kysely ? db : db.kysely;
  let byName = scopes.get(kysely);
  if (!byName) scopes.set(kysely, (byName = new Map()));
  let scoped = byName.get(cluster);
  if (!scoped) byName.set(cluster, (scoped = Object.freeze({ kysely, cluster })));
  return scoped;
}

/**
 * Opens the store at `location` and brings its schema up to date: a postgres:// URL is PostgreSQL (DATABASE_URL),
 * anything else a SQLite file, created with its folder on first start. `cluster` is the default cluster's name: the
 * store is returned as it sees it, and the rows of a store from before clusters had names are stamped with it.
 */
export async function openHistoryDb(location: string, cluster: string): Promise<HistoryDb> {
  const db = connectHistoryDb(location);
  try {
    await migrate(db, cluster);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return historyFor(db, cluster);
}

/** The store at `location` as it is, its schema not brought up to date: openHistoryDb's first step, a test's. */
export function connectHistoryDb(location: string): HistoryKysely {
  return isPostgresUrl(location) ? openPostgres(location) : openSqlite(location);
}

function openSqlite(path: string): HistoryKysely {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // WAL lets pages read while the recorder writes; the busy timeout lets two processes on one file wait their turn.
  sqlite.exec('pragma journal_mode = WAL; pragma busy_timeout = 5000; pragma foreign_keys = ON;');
  return new Kysely<HistoryDatabase>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) });
}

function openPostgres(url: string): HistoryKysely {
  // Connections are kept a minute between uses (a new one costs a fork and a SCRAM handshake on the server), and a
  // busy server gets 30 s to accept one before the query fails.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 30_000, idleTimeoutMillis: 60_000 });
  // A connection the server ends (a restart, a failover) must not crash the process; the next query opens a new one.
  // The pool hears an idle connection's error; a connection held between a transaction's queries has no query to take
  // it and no pool listener, so each connection gets one of its own: without it the error goes uncaught.
  pool.on('connect', (client) => client.on('error', (err) => console.warn(`memdash: a PostgreSQL connection failed: ${err.message}`)));
  // the connection's own listener has said it; the pool's is needed only so the pool's emit is not uncaught
  pool.on('error', () => undefined);
  return new Kysely<HistoryDatabase>({ dialect: new PostgresDialect({ pool: sayingTheStore(pool) }) });
}

/**
 * The pool as Kysely uses it, its connection failures thrown as the store being away (storeConnectionFailure): every
 * read and write then says "the history store", wherever it is caught, rather than the network failure's default,
 * the Kubernetes API server.
 */
function sayingTheStore(pool: pg.Pool): PostgresPool {
  const rethrow = (err: unknown): never => {
    throw storeConnectionFailure(err) ?? err;
  };
  // one wrapper per connection: Kysely keeps its own state per client object
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient) => {
    let kept = wrapped.get(client);
    if (!kept) wrapped.set(client, (kept = queriesSayingTheStore(client, rethrow)));
    return kept;
  };
  const connect = () => pool.connect().then(wrap, rethrow);
  return new Proxy(pool, { get: (target, key) => (key === 'connect' ? connect : Reflect.get(target, key)) }) as unknown as PostgresPool;
}

function queriesSayingTheStore(client: pg.PoolClient, rethrow: (err: unknown) => never): PostgresPoolClient {
  const query = (...args: unknown[]) => {
    const result = (client.query as (...a: unknown[]) => unknown)(...args);
    // a cursor (a streamed query) is returned as it is; a query's promise has its failure said as the store's
    return result instanceof Promise ? result.catch(rethrow) : result;
  };
  return new Proxy(client, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key)) }) as unknown as PostgresPoolClient;
}

/**
 * Runs the migrations not yet run; throws the first failure, so a broken store stops start-up. `cluster` names the
 * cluster the rows of a store from before clusters had names are stamped with (0011_cluster).
 */
export async function migrate(db: HistoryKysely, cluster: string): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider(cluster) }).migrateToLatest();
  if (error)
    throw new Error(`memdash: the history store's migrations failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** `db`'s cluster inside a transaction of its store: the functions that take a HistoryDb run in it. */
export function historyIn(transaction: HistoryKysely, db: HistoryDb): HistoryDb {
  return Object.freeze({ kysely: transaction, cluster: db.cluster });
}
