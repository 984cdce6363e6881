import 'server-only';
import { settings } from '@/lib/config';
import { historyFor, openHistoryDb, type HistoryDb } from './db';
import { storeTallied } from './refusal-tally';

// The process's one history store, opened (and migrated) on first use. Kept on globalThis so that `next dev`
// reloading a module does not open the file a second time. historyDb() is the store as the default cluster sees it:
// the server's own rows (ended sessions) and, until every caller is handed a Cluster, the default cluster's.
// A cluster's own is `cluster.history()` (lib/cluster/cluster.ts: historyOf).

const KEY = Symbol.for('memdash.historyDb');
type WithStore = typeof globalThis & { [KEY]?: Promise<HistoryDb> };

export function historyDb(): Promise<HistoryDb> {
  const g = globalThis as WithStore;
  g[KEY] ??= openDefault().catch((err) => {
    delete g[KEY]; // a later request tries again rather than keeping the failure forever
    throw err;
  });
  return g[KEY];
}

export type { HistoryDb } from './db';

/** The store as `cluster` sees it: its reads filter on the name, its writes stamp it. */
export async function historyOf(cluster: string): Promise<HistoryDb> {
  return historyFor(await historyDb(), cluster);
}

async function openDefault(): Promise<HistoryDb> {
  // imported when first needed: lib/cluster/cluster.ts imports this module
  const { defaultCluster } = await import('@/lib/cluster/registry');
  return openHistoryDb(storeLocation(), defaultCluster().name);
}

/** Closes the process's store (its PostgreSQL connections) if it was opened: a test file's end, a clean shutdown. */
export async function closeHistoryDb(): Promise<void> {
  const g = globalThis as WithStore;
  const opened = g[KEY];
  delete g[KEY];
  const db = opened && (await opened.catch(() => null));
  if (!db) return;
  // the refusals of the last window are counted before the store closes
  await storeTallied(db).catch(() => {});
  await db.kysely.destroy();
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
