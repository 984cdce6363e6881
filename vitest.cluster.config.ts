import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Integration tests: they need the local cluster (npm run cluster:up) and read its state from .cluster/.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)), 'server-only': fileURLToPath(new URL('./test/server-only-stub.ts', import.meta.url)) } },
  test: {
    include: ['e2e/cluster/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
