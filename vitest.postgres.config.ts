import { defineConfig } from 'vitest/config';
import { allowOnly, named, resolve } from './vitest.config.ts';

// The history and audit tests again, on the local cluster's PostgreSQL (DATABASE_URL) instead of SQLite: each test
// (or integration test file) gets a database of its own (test/stores.ts). Needs `npm run cluster:up`.
export default defineConfig({
  resolve,
  test: {
    allowOnly,
    name: 'postgres',
    // writes.test.ts: the audit through the write routes, and no token anywhere in the store's rows
    include: ['lib/history/**/*.test.ts', ...named(['test/integration/history.test.ts', 'test/integration/writes.test.ts'])],
    environment: 'node',
    env: { MEMDASH_TEST_STORE: 'postgres' },
    setupFiles: ['test/integration/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
