// The store's tests on a real store of each test's own (test/stores.ts: a SQLite file in a fresh folder, or in the
// postgres group a fresh PostgreSQL database).
import { test } from 'vitest';
import { newTestStore } from '@/test/stores';
import { openHistoryDb } from '../db';

/** The name a test's store is opened with: the default cluster's, which 0011_cluster stamps earlier rows with. */
export const DEFAULT_CLUSTER = 'prd';

/**
 * `it` with a store: a test that takes `db` gets one opened and migrated before it and destroyed after it, with its
 * `store` (where it is) removed after that. A test that takes neither opens nothing.
 */
export const it = test
  .extend('store', async ({}, { onCleanup }) => {
    const store = await newTestStore();
    onCleanup(() => store.remove());
    return store;
  })
  .extend('db', async ({ store }, { onCleanup }) => {
    const db = await openHistoryDb(store.location, DEFAULT_CLUSTER);
    onCleanup(() => db.kysely.destroy());
    return db;
  });
