// Runs before each integration test file: the file gets a history store of its own (test/stores.ts: a SQLite file in
// a fresh temporary folder, or in the postgres group a fresh PostgreSQL database, then DATABASE_URL), never the
// developer's ./data/memdash.sqlite, so what a test records or imports meets no earlier run's history.
import { afterAll } from 'vitest';
import { newTestStore } from '../stores.ts';

const store = await newTestStore();
if (store.kind === 'postgres') process.env.DATABASE_URL = store.location;
else process.env.MEMDASH_HISTORY_PATH = store.location;

afterAll(async () => {
  const { closeHistoryDb } = await import('@/lib/history');
  await closeHistoryDb();
  await store.remove();
});
