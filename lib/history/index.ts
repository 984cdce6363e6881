import 'server-only';
import { settings } from '@/lib/config';
import { openHistoryDb, type HistoryDb } from './db';

// The process's one history store, opened (and migrated) on first use. Kept on globalThis so that `next dev`
// reloading a module does not open the file a second time.

const KEY = Symbol.for('memdash.historyDb');
type WithStore = typeof globalThis & { [KEY]?: Promise<HistoryDb> };

export function historyDb(): Promise<HistoryDb> {
  const g = globalThis as WithStore;
  g[KEY] ??= openHistoryDb(settings().historyPath).catch((err) => {
    delete g[KEY]; // a later request tries again rather than keeping the failure forever
    throw err;
  });
  return g[KEY];
}

export type { HistoryDb } from './db';
