// A PostgreSQL store whose server ends memdash's connections (a restart, a failover, an administrator's
// pg_terminate_backend): the query in flight fails with the server's own reason, nothing escapes as an uncaught
// error (which Next prints and Node counts as a crash in waiting), and the next query opens a new connection. Found
// by `npm run soak`'s PostgreSQL restart. Runs in the postgres group only: it needs the local cluster's PostgreSQL.
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { newTestStore, type TestStore } from '../stores';

const { openHistoryDb } = await import('@/lib/history/db');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the PostgreSQL store when the server ends its connections', () => {
  let store: TestStore;
  let db: Awaited<ReturnType<typeof openHistoryDb>>['kysely'] | undefined;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);
  process.on('uncaughtException', onUncaught);
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await db?.destroy();
    await store?.remove();
  });

  /** Ends every connection to the store's database but the asking one, as an administrator would, from outside. */
  async function terminateAll(): Promise<number> {
    const url = new URL(store.location);
    const database = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      return ended.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it(
    'fails the query in flight with the server’s reason, raises nothing uncaught, and answers the next one',
    { timeout: 60_000 },
    async () => {
      store = await newTestStore('postgres');
      db = (await openHistoryDb(store.location, 'test')).kysely;
      // connections in the pool: one busy with a slow query, the others idle after use
      await Promise.all([1, 2, 3].map(() => sql`select 1`.execute(db!)));
      const slow = sql`select pg_sleep(20)`.execute(db);
      const failed = slow.then(
        () => null,
        (err: Error) => err,
      );
      await sleep(500);
      expect(await terminateAll()).toBeGreaterThanOrEqual(2);
      expect(String(await failed)).toMatch(/terminating connection due to administrator command|Connection terminated/);
      // the sockets' ends and errors arrive after the query's failure
      await sleep(2000);
      expect(uncaught).toEqual([]);
      const again = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(again.rows).toEqual([{ one: 1 }]);
    },
  );

  // A transaction holds its connection between its queries, with no query in flight to take the error: the recorder
  // writes a version and its rows so.
  it('fails a transaction cut between its queries, raises nothing uncaught, and answers the next query', { timeout: 60_000 }, async () => {
    const cut = db!
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await sleep(1500);
        await sql`select 2`.execute(trx);
      })
      .then(
        () => null,
        (err: Error) => err,
      );
    await sleep(500);
    expect(await terminateAll()).toBeGreaterThanOrEqual(1);
    expect(await cut).toBeInstanceOf(Error);
    await sleep(2000);
    expect(uncaught).toEqual([]);
    const again = await sql<{ two: number }>`select 2 as two`.execute(db!);
    expect(again.rows).toEqual([{ two: 2 }]);
  });
});
