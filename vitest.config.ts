import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Unit tests: pure logic only, no cluster, no Prometheus.
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      'server-only': fileURLToPath(new URL('./test/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    name: 'unit',
    include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'app/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
});
