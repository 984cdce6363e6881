import 'server-only';
import { settings } from '@/lib/config';
import { openHistoryDb, type HistoryDb } from './db';
import { storeTallied } from './refusal-tally';

// The process's one history store, opened (and migrated) on first use. Kept on globalThis so that `next dev`
// reloading a module does not open the file a second time.

const KEY = Symbol.for('memdash.historyDb');
type WithStore = typeof globalThis & { [KEY]?: Promise<HistoryDb> };

export function historyDb(): Promise<HistoryDb> {
  const g = globalThis as WithStore;
  g[KEY] ??= openHistoryDb(storeLocation()).catch((err) => {
    delete g[KEY]; // a later request tries again rather than keeping the failure forever
    throw err;
  });
  return g[KEY];
}

export type { HistoryDb } from './db';

/** Closes the process's store (its PostgreSQL connections) if it was opened: a test file's end, a clean shutdown. */
export async function closeHistoryDb(): Promise<void> {
  const g = globalThis as WithStore;
  const opened = g[KEY];
  delete g[KEY];
  const db = opened && (await opened.catch(() => null));
  if (!db) return;
  // the refusals of the last window are counted before the store closes
  await storeTallied(db).catch(() => {});
  await db.destroy();
}

/** DATABASE_URL (PostgreSQL) when set, else the SQLite file MEMDASH_HISTORY_PATH. */
function storeLocation(): string {
  const s = settings();
  return s.databaseUrl ?? s.historyPath;
}

/** The store in words for a log line: never the URL, which holds the password. */
export function storeDescription(): string {
  const s = settings();
  return s.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : s.historyPath;
}
