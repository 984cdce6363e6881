import 'server-only';
import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * The SQLite database as Kysely uses it, each statement prepared once and kept: Kysely prepares every query anew, and
 * the explanation's and the pod page's few queries of the history store spent more time being prepared than being
 * run. The SQL is Kysely's, with its values as parameters, so a few dozen texts cover every query memdash makes;
 * `limit` bounds them all the same, the oldest dropped first. Kysely runs one query at a time on its one connection
 * (a streamed one holds it until read to the end), so a kept statement is never asked twice at once.
 */
export function keepingStatements(db: Database, limit = 200): SqliteDatabase {
  const kept = new Map<string, Statement>();
  return {
    close: () => void db.close(),
    prepare(sql: string) {
      let statement = kept.get(sql);
      if (statement) return statement;
      statement = db.prepare(sql);
      if (kept.size >= limit) kept.delete(kept.keys().next().value!);
      kept.set(sql, statement);
      return statement;
    },
  };
}
