import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { keepingStatements } from './sqlite-statements';

// On a real SQLite database in memory: what a kept statement must still do when Kysely asks for it again.

function open(limit?: number) {
  const sqlite = new Database(':memory:');
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => (prepared.push(text), prepare(text))) as typeof sqlite.prepare;
  const db = new Kysely<{ t: { n: number } }>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite, limit) }) });
  return { db, prepared };
}

describe('keepingStatements', () => {
  it('prepares a query once however often it runs, each run with its own values', async () => {
    const { db, prepared } = open();
    await db.schema.createTable('t').addColumn('n', 'integer').execute();
    for (const n of [1, 2, 3]) await db.insertInto('t').values({ n }).execute();
    const above = (n: number) => db.selectFrom('t').select('n').where('n', '>', n).orderBy('n').execute();
    expect((await above(1)).map((r) => r.n)).toEqual([2, 3]);
    expect((await above(2)).map((r) => r.n)).toEqual([3]);
    expect(prepared.filter((text) => text.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((text) => text.startsWith('select'))).toHaveLength(1);
  });

  it('keeps at most `limit` statements, preparing a dropped one again when it is asked for', async () => {
    const { db, prepared } = open(2);
    const one = (k: number) => sql<{ k: number }>`select ${sql.lit(k)} as k`.execute(db);
    for (const k of [1, 2, 3, 1]) expect((await one(k)).rows).toEqual([{ k }]);
    expect(prepared).toHaveLength(4);
    await one(3);
    expect(prepared).toHaveLength(4);
  });

  it('runs a statement again after a streamed read of it stopped half way', async () => {
    const { db } = open();
    await db.schema.createTable('t').addColumn('n', 'integer').execute();
    await db
      .insertInto('t')
      .values([{ n: 1 }, { n: 2 }, { n: 3 }])
      .execute();
    const query = db.selectFrom('t').select('n').orderBy('n');
    for await (const row of query.stream()) {
      expect(row.n).toBe(1);
      break;
    }
    expect((await query.execute()).map((r) => r.n)).toEqual([1, 2, 3]);
  });
});
