import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** How every group's tests import: '@/' is the repository's root, and `server-only` a stub outside Next. */
export const resolve = {
  alias: {
    '@': fileURLToPath(new URL('.', import.meta.url)),
    'server-only': fileURLToPath(new URL('./test/server-only-stub.ts', import.meta.url)),
  },
};

// Unit tests: pure logic only, no cluster, no Prometheus.
export default defineConfig({
  resolve,
  test: {
    name: 'unit',
    include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'app/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
});
