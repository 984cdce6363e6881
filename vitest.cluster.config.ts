import { defineConfig } from 'vitest/config';
import { allowOnly, resolve } from './vitest.config.ts';

// Integration tests: they need the local cluster (npm run cluster:up) and read its state from .cluster/ (or
// MEMDASH_CLUSTER_DIR). Each file gets a history store of its own (test/integration/setup.ts).
export default defineConfig({
  resolve,
  test: {
    allowOnly,
    name: 'cluster',
    include: ['e2e/cluster/**/*.test.ts', 'test/integration/**/*.test.ts'],
    // against the real Kyverno's cluster: vitest.real.config.ts; the sign-in parts (oauth2-proxy): vitest.signin.config.ts
    exclude: ['e2e/cluster/kyverno/real/**', 'e2e/cluster/oidc/**'],
    environment: 'node',
    setupFiles: ['test/integration/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
