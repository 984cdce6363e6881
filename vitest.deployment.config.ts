import { defineConfig } from 'vitest/config';
import { allowOnly, resolve } from './vitest.config.ts';

// Running it for real: the Helm chart linted, rendered and installed into the local cluster, memdash with its
// ServiceAccount's token; the built server (next start, as test/security/server.ts starts it) with the local cluster's
// Prometheus scraping its /metrics; two replicas on one PostgreSQL. Needs `npx next build`, `npm run cluster:up` and
// helm (`npm run cluster -- build`) first.
export default defineConfig({
  resolve,
  test: {
    allowOnly,
    name: 'deployment',
    include: ['test/deployment/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/security/server.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
