import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Running it for real: the Helm chart linted, rendered and installed into the local cluster, memdash with its
// ServiceAccount's token; the built server (next start, as test/security/server.ts starts it) with the local cluster's
// Prometheus scraping its /metrics; two replicas on one PostgreSQL. Needs `npx next build`, `npm run cluster:up` and
// helm (`npm run cluster -- build`) first.
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      'server-only': fileURLToPath(new URL('./test/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    name: 'deployment',
    include: ['test/deployment/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/security/server.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
