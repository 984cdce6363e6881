import { defineConfig } from 'vitest/config';

// How much of lib/ the unit and integration tests run, together (`npm run coverage`; the integration tests need the
// local cluster up). The browser tests run the built server in another process and are not counted.
export default defineConfig({
  test: {
    projects: ['./vitest.config.ts', './vitest.cluster.config.ts'],
    coverage: {
      enabled: true,
      provider: 'v8',
      include: ['lib/**/*.ts'],
      exclude: ['lib/**/*.test.ts', 'lib/**/__fixtures__/**'],
      reporter: ['text-summary', 'text', 'json-summary'],
      reportsDirectory: 'coverage',
    },
  },
});
